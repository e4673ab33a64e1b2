import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OPEN_DEPLOYMENT_STATUSES, type ArtifactRecord, type FirmwareKeyRecord, type Verification } from '../../../contract/firmware';
import type { Db } from '../../db/database';
import { accounts, deployments, firmwareArtifacts, firmwareKeys } from '../../db/schema';
import { verifyManifest } from '../../firmware/signature';
import { allOf, countAll, inAccountScope, textMatch, orderBy, page, type AccountScope } from '../../db/lists';

export type ArtifactRow = typeof firmwareArtifacts.$inferSelect;
export type FirmwareKeyRow = typeof firmwareKeys.$inferSelect;

/** The ids on an account's path, from the root down to the account: '/1/4/9/' -> [1, 4, 9]. */
export const pathIds = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

export interface ArtifactListRow extends ArtifactRow {
    account_name: string;
}

const selectArtifacts = (db: Db) =>
    db
        .select({ artifact: firmwareArtifacts, account_name: accounts.name })
        .from(firmwareArtifacts)
        .innerJoin(accounts, eq(accounts.id, firmwareArtifacts.account_id));

type Joined = { artifact: ArtifactRow; account_name: string };
const flatten = (r: Joined): ArtifactListRow => ({ ...r.artifact, account_name: r.account_name });

/** The API record of an artifact as seen in an account whose keys (its own and those above it) are `keys`. */
export const toArtifact = (row: ArtifactListRow, keys: FirmwareKeyRow[]): ArtifactRecord => {
    const { verification, key } = verificationOf(row, keys);
    return {
        id: row.id,
        account_id: row.account_id,
        account_name: row.account_name,
        name: row.name,
        size: row.size,
        updated_at: row.updated_at.toISOString(),
        created_at: row.created_at.toISOString(),
        compatibility: row.device_types,
        signed: !!row.signature,
        verification,
        verified_by: key ? { id: key.id, name: key.name } : null,
        payload_type: row.payload_type,
        provides: row.provides,
        depends: row.depends,
        file_name: row.file_name,
        checksum: row.checksum,
        description: row.description,
    };
};

export interface ArtifactFilters {
    /** artifacts of these accounts: the current one and those above it */
    accountIds: number[];
    /** and, across accounts, those of every account in this scope */
    scope?: AccountScope;
    q?: string;
    device_type?: string;
    ids?: number[];
}

const SORTABLE = {
    name: firmwareArtifacts.name,
    size: firmwareArtifacts.size,
    updated_at: firmwareArtifacts.updated_at,
    created_at: firmwareArtifacts.created_at,
    id: firmwareArtifacts.id,
};

const artifactWhere = (f: ArtifactFilters) =>
    allOf([
        f.scope
            ? or(inArray(firmwareArtifacts.account_id, f.accountIds), inAccountScope(f.scope, firmwareArtifacts.account_id) ?? sql`true`)
            : inArray(firmwareArtifacts.account_id, f.accountIds),
        textMatch(f.q, firmwareArtifacts.name),
        f.device_type ? sql`${f.device_type} = any(${firmwareArtifacts.device_types})` : undefined,
        f.ids ? inArray(firmwareArtifacts.id, f.ids) : undefined,
    ]);

export const listArtifacts = async (db: Db, f: ArtifactFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = artifactWhere(f);
    const query = selectArtifacts(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'updated_at', order: 'DESC' }, firmwareArtifacts.id));
    const { result, count } = await page<Joined>(
        query.$dynamic() as never,
        db.select({ n: countAll }).from(firmwareArtifacts).where(where),
        params,
    );
    return { result: result.map(flatten), count };
};

export const findArtifact = async (db: Db, id: number): Promise<(ArtifactListRow & { account_path: string }) | undefined> => {
    const [row] = await db
        .select({ artifact: firmwareArtifacts, account_name: accounts.name, account_path: accounts.path })
        .from(firmwareArtifacts)
        .innerJoin(accounts, eq(accounts.id, firmwareArtifacts.account_id))
        .where(eq(firmwareArtifacts.id, id))
        .limit(1);
    return row ? { ...flatten(row), account_path: row.account_path } : undefined;
};

/** An artifact of the same name for one of these device types, among the given accounts'. */
export const duplicateArtifact = async (db: Db, accountIds: number[], name: string, deviceTypes: string[]) =>
    (
        await db
            .select({ id: firmwareArtifacts.id })
            .from(firmwareArtifacts)
            .where(
                and(
                    inArray(firmwareArtifacts.account_id, accountIds),
                    eq(firmwareArtifacts.name, name),
                    sql`${firmwareArtifacts.device_types} && array[${sql.join(
                        deviceTypes.map(t => sql`${t}`),
                        sql`, `,
                    )}]::text[]`,
                ),
            )
            .limit(1)
    )[0];

export type NewArtifact = Omit<typeof firmwareArtifacts.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

/**
 * Stores an artifact unless one of the same name and an overlapping device
 * type is visible where it is uploaded (its account and those above it);
 * an advisory lock on the name makes the check and the insert one step
 * across server instances. Undefined when it is a duplicate.
 */
export const insertArtifact = (db: Db, accountIds: number[], values: NewArtifact) =>
    db.transaction(async tx => {
        await tx.execute(sql`select pg_advisory_xact_lock(727101, hashtext(${values.name}))`);
        if (await duplicateArtifact(tx as unknown as Db, accountIds, values.name, values.device_types)) return undefined;
        const [row] = await tx.insert(firmwareArtifacts).values(values).returning({ id: firmwareArtifacts.id });
        return row!.id;
    });

export const deleteArtifact = (db: Db, id: number) => db.delete(firmwareArtifacts).where(eq(firmwareArtifacts.id, id));

// ---- signature keys ----

export const keysOfAccounts = (db: Db, accountIds: number[]) =>
    db
        .select({ key: firmwareKeys, account_name: accounts.name })
        .from(firmwareKeys)
        .innerJoin(accounts, eq(accounts.id, firmwareKeys.account_id))
        .where(inArray(firmwareKeys.account_id, accountIds))
        .orderBy(firmwareKeys.created_at, firmwareKeys.id);

export const toFirmwareKey = (row: { key: FirmwareKeyRow; account_name: string }, accountId: number): FirmwareKeyRecord => ({
    id: row.key.id,
    account_id: row.key.account_id,
    account_name: row.account_name,
    name: row.key.name,
    algorithm: row.key.algorithm,
    details: row.key.details,
    fingerprint: row.key.fingerprint.match(/../g)!.join(':'),
    inherited: row.key.account_id !== accountId,
    created_at: row.key.created_at.toISOString(),
});

export const findKey = async (db: Db, id: number) => (await db.select().from(firmwareKeys).where(eq(firmwareKeys.id, id)).limit(1))[0];

export const insertKey = async (db: Db, values: Omit<typeof firmwareKeys.$inferInsert, 'id' | 'created_at'>) =>
    (await db.insert(firmwareKeys).values(values).onConflictDoNothing().returning())[0];

export const deleteKey = (db: Db, id: number) => db.delete(firmwareKeys).where(eq(firmwareKeys.id, id));

/** The keys that apply in an account: its own and those of the accounts above it. */
export const applicableKeys = async (db: Db, accountPath: string) => (await keysOfAccounts(db, pathIds(accountPath))).map(r => r.key);

// Artifacts and keys never change, so whether a key verifies an artifact is worked out once per process.
const verified = new Map<string, boolean>();
const VERIFIED_CACHE_MAX = 20_000;

/**
 * SPEC 3 signed flag, verified against "the account's configured public
 * keys": null when no key applies, verified when one of them verifies the
 * signature, unverified otherwise (unsigned included).
 */
export const verificationOf = (
    row: Pick<ArtifactRow, 'id' | 'manifest' | 'signature'>,
    keys: FirmwareKeyRow[],
): { verification: Verification | null; key?: FirmwareKeyRow } => {
    if (!keys.length) return { verification: null };
    const key = row.signature
        ? keys.find(k => {
              const id = `${row.id}:${k.id}`;
              let ok = verified.get(id);
              if (ok === undefined) {
                  ok = verifyManifest(row.manifest, row.signature!, k);
                  if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
                  verified.set(id, ok);
              }
              return ok;
          })
        : undefined;
    return key ? { verification: 'verified', key } : { verification: 'unverified' };
};

/** Which of these storage keys an artifact still names as its file (the storage sweep). */
export const referencedArtifactKeys = async (db: Db, keys: string[]): Promise<Set<string>> =>
    new Set(
        keys.length
            ? (
                  await db
                      .select({ key: firmwareArtifacts.storage_key })
                      .from(firmwareArtifacts)
                      .where(inArray(firmwareArtifacts.storage_key, keys))
              ).map(r => r.key)
            : [],
    );

/** A deployment not finished yet that installs this artifact: the artifact cannot be deleted meanwhile. */
export const openDeploymentUsing = async (db: Db, artifactId: number) =>
    (
        await db
            .select({ id: deployments.id })
            .from(deployments)
            .where(and(eq(deployments.artifact_id, artifactId), inArray(deployments.status, [...OPEN_DEPLOYMENT_STATUSES])))
            .limit(1)
    )[0];
