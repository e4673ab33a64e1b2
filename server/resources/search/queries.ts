import { and, asc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_OPTIONS } from '../../../contract/session';
import { parseBadgeText, SEARCH_HITS_PER_KIND, type SearchKind } from '../../../contract/search';
import type { Db } from '../../db/database';
import { inAccountScope, likeText, type AccountScope } from '../../db/lists';
import { accessGroups, accounts, badges, deployments, devices, firmwareArtifacts, profiles, readers, users } from '../../db/schema';

/** The caller's reach (every account for the admin: pathPrefix '/'). */
export type SearchScope = AccountScope;

/** What a kind's search needs besides the database. */
export interface SearchInput {
    scope: SearchScope;
    q: string;
    /** the accounts above the caller's own, whose firmware it may use */
    aboveIds: number[];
    /** SPEC 5 shows an account's reference number to dealer level or higher only: others neither see nor match it */
    seesRefNumber: boolean;
}

/** One more row than shown tells whether there are more. */
const LIMIT = SEARCH_HITS_PER_KIND + 1;

/**
 * The columns every kind answers with, so that all kinds run as one
 * statement (UNION ALL): a search is one round trip to the database however
 * many kinds the caller may read. `position` keeps each kind's order.
 */
const hitColumns = (
    kind: SearchKind,
    row: { id: PgColumn; label: PgColumn | SQL; detail: PgColumn | SQL | null; account_id: PgColumn; profile_id?: PgColumn },
    order: SQL[],
) => ({
    kind: sql<SearchKind>`${kind}::text`.as('kind'),
    position: sql<number>`(row_number() over (order by ${sql.join(order, sql`, `)}))::int`.as('position'),
    id: sql<number>`${row.id}`.as('id'),
    label: sql<string>`${row.label}::text`.as('label'),
    detail: sql<string | null>`${row.detail ?? sql`null`}::text`.as('detail'),
    account_id: sql<number>`${row.account_id}`.as('account_id'),
    account_name: sql<string>`${accounts.name}::text`.as('account_name'),
    profile_id: sql<number | null>`${row.profile_id ?? sql`null`}::int`.as('profile_id'),
});

/** Whole-text matches first (a device called exactly what was typed), then by label, then oldest. */
const ranked = (label: PgColumn, id: PgColumn, q: string) => [sql`(lower(${label}) = lower(${q})) desc`, sql`${label} asc`, sql`${id} asc`];

/** Accounts by name, reference number (for those who may see it) or e-mail. */
const accountHits = (db: Db, { scope, q, seesRefNumber }: SearchInput) => {
    const text = likeText(q);
    const order = ranked(accounts.name, accounts.id, q);
    const detail = seesRefNumber ? accounts.ref_number : accounts.email;
    return db
        .select(hitColumns('accounts', { id: accounts.id, label: accounts.name, detail, account_id: accounts.id }, order))
        .from(accounts)
        .where(
            and(
                inAccountScope(scope, accounts.id),
                or(ilike(accounts.name, text), seesRefNumber ? ilike(accounts.ref_number, text) : undefined, ilike(accounts.email, text)),
            ),
        )
        .orderBy(...order)
        .limit(LIMIT);
};

/** Users by name or e-mail. */
const userHits = (db: Db, { scope, q }: SearchInput) => {
    const text = likeText(q);
    const order = ranked(users.name, users.id, q);
    return db
        .select(hitColumns('users', { id: users.id, label: users.name, detail: users.email, account_id: users.account_id }, order))
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.account_id))
        .where(and(inAccountScope(scope, users.account_id), or(ilike(users.name, text), ilike(users.email, text))))
        .orderBy(...order)
        .limit(LIMIT);
};

/** Devices by description, hardware id, IP or MAC address. */
const deviceHits = (db: Db, { scope, q }: SearchInput) => {
    const text = likeText(q);
    const order = ranked(devices.description, devices.id, q);
    const columns = { id: devices.id, label: devices.description, detail: devices.hardware_id, account_id: devices.account_id };
    return db
        .select(hitColumns('devices', columns, order))
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .where(
            and(
                inAccountScope(scope, devices.account_id),
                or(
                    ilike(devices.description, text),
                    ilike(devices.hardware_id, text),
                    ilike(devices.ip_address, text),
                    ilike(devices.mac_address, text),
                ),
            ),
        )
        .orderBy(...order)
        .limit(LIMIT);
};

/** ACS readers by description or linked hardware id, in accounts whose ACS integration is on (SPEC 6.3). */
const readerHits = (db: Db, { scope, q }: SearchInput) => {
    const text = likeText(q);
    const acsOn = JSON.stringify([{ name: ACCOUNT_OPTIONS.acsEnabled, value: 'true' }]);
    const order = ranked(readers.description, readers.id, q);
    const columns = { id: readers.id, label: readers.description, detail: readers.hardware_id, account_id: readers.account_id };
    return db
        .select(hitColumns('readers', columns, order))
        .from(readers)
        .innerJoin(accounts, eq(accounts.id, readers.account_id))
        .where(
            and(
                inAccountScope(scope, readers.account_id),
                sql`${accounts.options} @> ${acsOn}::jsonb`,
                or(ilike(readers.description, text), ilike(readers.hardware_id, text)),
            ),
        )
        .orderBy(...order)
        .limit(LIMIT);
};

const accessGroupHits = (db: Db, { scope, q }: SearchInput) => {
    const order = ranked(accessGroups.description, accessGroups.id, q);
    const columns = { id: accessGroups.id, label: accessGroups.description, detail: null, account_id: accessGroups.account_id };
    return db
        .select(hitColumns('access_groups', columns, order))
        .from(accessGroups)
        .innerJoin(accounts, eq(accounts.id, accessGroups.account_id))
        .where(and(inAccountScope(scope, accessGroups.account_id), ilike(accessGroups.description, likeText(q))))
        .orderBy(...order)
        .limit(LIMIT);
};

/** Profiles by whole ACS ID: an index lookup among millions (decisions.md, search). */
const profileHits = (db: Db, { scope, q }: SearchInput) => {
    const order = [asc(profiles.id)];
    const columns = { id: profiles.id, label: profiles.acs_id, detail: null, account_id: profiles.account_id };
    return db
        .select(hitColumns('profiles', columns, order))
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.account_id))
        .where(and(inAccountScope(scope, profiles.account_id), eq(profiles.acs_id, q)))
        .orderBy(...order)
        .limit(LIMIT);
};

/**
 * Badges by whole card number, or FC:NUMBER; a hit reads as people write it
 * (FC:NUMBER, or the number alone when its format has no facility code) and
 * names its holder's ACS ID. Undefined when the text is no badge.
 */
const badgeHits = (db: Db, { scope, q }: SearchInput) => {
    const badge = parseBadgeText(q);
    if (!badge || !Number.isSafeInteger(badge.badge_number)) return undefined;
    const order = [asc(badges.id)];
    const label = sql`case when ${badges.facility_code} is null then ${badges.badge_number}::text
        else ${badges.facility_code} || ':' || ${badges.badge_number} end`;
    const columns = { id: badges.id, label, detail: profiles.acs_id, account_id: badges.account_id, profile_id: badges.profile_id };
    return db
        .select(hitColumns('badges', columns, order))
        .from(badges)
        .innerJoin(profiles, eq(profiles.id, badges.profile_id))
        .innerJoin(accounts, eq(accounts.id, badges.account_id))
        .where(
            and(
                inAccountScope(scope, badges.account_id),
                eq(badges.badge_number, badge.badge_number),
                badge.facility_code === undefined ? undefined : eq(badges.facility_code, badge.facility_code),
            ),
        )
        .orderBy(...order)
        .limit(LIMIT);
};

/** Firmware deployments by name or by the artifact they roll out. */
const deploymentHits = (db: Db, { scope, q }: SearchInput) => {
    const text = likeText(q);
    const order = ranked(deployments.name, deployments.id, q);
    const columns = { id: deployments.id, label: deployments.name, detail: deployments.artifact_name, account_id: deployments.account_id };
    return db
        .select(hitColumns('deployments', columns, order))
        .from(deployments)
        .innerJoin(accounts, eq(accounts.id, deployments.account_id))
        .where(
            and(inAccountScope(scope, deployments.account_id), or(ilike(deployments.name, text), ilike(deployments.artifact_name, text))),
        )
        .orderBy(...order)
        .limit(LIMIT);
};

/**
 * Firmware by name, file name or description: of the accounts in the scope
 * and of those above the caller's own account, where artifacts it may use
 * are uploaded (SPEC 3 Artifact).
 */
const firmwareHits = (db: Db, { scope, q, aboveIds }: SearchInput) => {
    const text = likeText(q);
    const within = inAccountScope(scope, firmwareArtifacts.account_id);
    const order = ranked(firmwareArtifacts.name, firmwareArtifacts.id, q);
    const columns = {
        id: firmwareArtifacts.id,
        label: firmwareArtifacts.name,
        detail: firmwareArtifacts.file_name,
        account_id: firmwareArtifacts.account_id,
    };
    return db
        .select(hitColumns('firmware', columns, order))
        .from(firmwareArtifacts)
        .innerJoin(accounts, eq(accounts.id, firmwareArtifacts.account_id))
        .where(
            and(
                within && or(within, inArray(firmwareArtifacts.account_id, aboveIds)),
                or(
                    ilike(firmwareArtifacts.name, text),
                    ilike(firmwareArtifacts.file_name, text),
                    ilike(firmwareArtifacts.description, text),
                ),
            ),
        )
        .orderBy(...order)
        .limit(LIMIT);
};

/** How each kind is searched; undefined when the text cannot match the kind (a name is no badge). */
export const KIND_QUERIES: Record<SearchKind, (db: Db, input: SearchInput) => SQLWrapper | undefined> = {
    accounts: accountHits,
    users: userHits,
    devices: deviceHits,
    readers: readerHits,
    access_groups: accessGroupHits,
    profiles: profileHits,
    badges: badgeHits,
    deployments: deploymentHits,
    firmware: firmwareHits,
};

export interface HitRow {
    kind: SearchKind;
    position: number;
    id: number;
    label: string;
    detail: string | null;
    account_id: number;
    account_name: string;
    profile_id: number | null;
}

/** The kinds' searches as one statement, one round trip: at most LIMIT rows a kind, each kind in its order. */
export const searchStatement = (db: Db, kinds: readonly SearchKind[], input: SearchInput): SQL | undefined => {
    const parts = kinds.map(k => KIND_QUERIES[k](db, input)).filter((p): p is SQLWrapper => p !== undefined);
    return parts.length
        ? sql.join(
              parts.map(p => sql`(${p})`),
              sql` union all `,
          )
        : undefined;
};

export const searchKinds = async (db: Db, kinds: readonly SearchKind[], input: SearchInput): Promise<HitRow[]> => {
    const statement = searchStatement(db, kinds, input);
    if (!statement) return [];
    // Both drivers answer a raw statement with { rows }; the columns are those of hitColumns.
    const { rows } = (await db.execute(statement)) as unknown as { rows: HitRow[] };
    return rows.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.position - b.position);
};
