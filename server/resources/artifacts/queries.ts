import { and, eq, ilike, inArray, like, sql } from 'drizzle-orm';
import type { ArtifactRecord, FirmwareKeyRecord, Verification } from '../../../contract/firmware';
import type { Db } from '../../db/database';
import { accounts, firmwareArtifacts, firmwareKeys } from '../../db/schema';
import { verifiedBy } from '../../firmware/signature';
import { allOf, countAll, likeText, orderBy, page } from '../../http/lists';

export type ArtifactRow = typeof firmwareArtifacts.$inferSelect;
export type FirmwareKeyRow = typeof firmwareKeys.$inferSelect;

/** The ids on an account's path, from the root down to the account: '/1/4/9/' -> [1, 4, 9]. */
export const pathIds = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

export interface ArtifactListRow extends ArtifactRow {
    account_name: string;
    verified_key_name: string | null;
}

const selectArtifacts = (db: Db) =>
    db
        .select({ artifact: firmwareArtifacts, account_name: accounts.name, verified_key_name: firmwareKeys.name })
        .from(firmwareArtifacts)
        .innerJoin(accounts, eq(accounts.id, firmwareArtifacts.account_id))
        .leftJoin(firmwareKeys, eq(firmwareKeys.id, firmwareArtifacts.verified_key_id));

type Joined = { artifact: ArtifactRow; account_name: string; verified_key_name: string | null };
const flatten = (r: Joined): ArtifactListRow => ({ ...r.artifact, account_name: r.account_name, verified_key_name: r.verified_key_name });

export const toArtifact = (row: ArtifactListRow): ArtifactRecord => ({
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    name: row.name,
    size: row.size,
    updated_at: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    compatibility: row.device_types,
    signed: !!row.signature,
    verification: row.verification,
    verified_by: row.verified_key_id && row.verified_key_name ? { id: row.verified_key_id, name: row.verified_key_name } : null,
    payload_type: row.payload_type,
    provides: row.provides,
    depends: row.depends,
    file_name: row.file_name,
    checksum: row.checksum,
    description: row.description,
});

export interface ArtifactFilters {
    /** artifacts of these accounts: the current one and those above it */
    accountIds: number[];
    q?: string;
    device_type?: string;
    ids?: number[];
}

const SORTABLE = { name: firmwareArtifacts.name, size: firmwareArtifacts.size, updated_at: firmwareArtifacts.updated_at, created_at: firmwareArtifacts.created_at, id: firmwareArtifacts.id };

const artifactWhere = (f: ArtifactFilters) =>
    allOf([
        inArray(firmwareArtifacts.account_id, f.accountIds),
        f.q ? ilike(firmwareArtifacts.name, likeText(f.q)) : undefined,
        f.device_type ? sql`${f.device_type} = any(${firmwareArtifacts.device_types})` : undefined,
        f.ids ? inArray(firmwareArtifacts.id, f.ids) : undefined,
    ]);

export const listArtifacts = async (db: Db, f: ArtifactFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = artifactWhere(f);
    const query = selectArtifacts(db).where(where).orderBy(...orderBy(params.sort, SORTABLE, { field: 'updated_at', order: 'DESC' }, firmwareArtifacts.id));
    const { result, count } = await page<Joined>(query.$dynamic() as never, db.select({ n: countAll }).from(firmwareArtifacts).where(where), params);
    return { result: result.map(flatten), count };
};

export const findArtifact = async (db: Db, id: number): Promise<(ArtifactListRow & { account_path: string }) | undefined> => {
    const [row] = await db
        .select({ artifact: firmwareArtifacts, account_name: accounts.name, account_path: accounts.path, verified_key_name: firmwareKeys.name })
        .from(firmwareArtifacts)
        .innerJoin(accounts, eq(accounts.id, firmwareArtifacts.account_id))
        .leftJoin(firmwareKeys, eq(firmwareKeys.id, firmwareArtifacts.verified_key_id))
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
            .where(and(inArray(firmwareArtifacts.account_id, accountIds), eq(firmwareArtifacts.name, name), sql`${firmwareArtifacts.device_types} && array[${sql.join(deviceTypes.map(t => sql`${t}`), sql`, `)}]::text[]`))
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

/** The verification of a manifest with the keys that apply to an account (its own and those above it). */
export const verifyWith = (keys: FirmwareKeyRow[], manifest: string, signature: string | null): { verification: Verification | null; verified_key_id: number | null } => {
    if (!keys.length) return { verification: null, verified_key_id: null };
    const key = verifiedBy(manifest, signature, keys);
    return key ? { verification: 'verified', verified_key_id: key.id } : { verification: 'unverified', verified_key_id: null };
};

/** Verifies again every artifact of the accounts under `path` (keys there changed). */
export const reverifyArtifacts = async (db: Db, path: string) => {
    const found = await db
        .select({ id: firmwareArtifacts.id, manifest: firmwareArtifacts.manifest, signature: firmwareArtifacts.signature, account_path: accounts.path })
        .from(firmwareArtifacts)
        .innerJoin(accounts, eq(accounts.id, firmwareArtifacts.account_id))
        .where(like(accounts.path, `${path}%`));
    if (!found.length) return;
    const keys = await db.select().from(firmwareKeys).where(inArray(firmwareKeys.account_id, [...new Set(found.flatMap(a => pathIds(a.account_path)))]));
    for (const artifact of found) {
        const applying = keys.filter(k => pathIds(artifact.account_path).includes(k.account_id));
        await db.update(firmwareArtifacts).set(verifyWith(applying, artifact.manifest, artifact.signature)).where(eq(firmwareArtifacts.id, artifact.id));
    }
};
