import { and, asc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_OPTIONS } from '../../../contract/session';
import { badgeText, parseBadgeText, SEARCH_HITS_PER_KIND, type SearchHit } from '../../../contract/search';
import type { Db } from '../../db/database';
import { likeText } from '../../db/lists';
import { accessGroups, accounts, badges, deployments, devices, firmwareArtifacts, profiles, readers, users } from '../../db/schema';

/** The caller's reach: every account (admin), an account and those below it, or one account. */
export type SearchScope = { all: true } | { pathPrefix: string } | { accountId: number };

/** Rows of a kind in the scope; the sub-select keeps each table's (account_id, …) index in use. */
const inScope = (scope: SearchScope, column: PgColumn): SQL | undefined => {
    if ('all' in scope) return undefined;
    if ('accountId' in scope) return eq(column, scope.accountId);
    return sql`${column} in (select ${accounts.id} from ${accounts} where ${like(accounts.path, `${scope.pathPrefix}%`)})`;
};

/** Whole-text matches first (a device called exactly what was typed), then by label. */
const ranked = (label: PgColumn | SQL, q: string) => [sql`(lower(${label}) = lower(${q})) desc`, asc(label)];

/** One more row than shown tells whether there are more. */
const LIMIT = SEARCH_HITS_PER_KIND + 1;

const hit = (row: { id: number; label: string; detail: string | null; account_id: number; account_name: string }): SearchHit => ({
    id: row.id,
    label: row.label,
    detail: row.detail,
    account_id: row.account_id,
    account_name: row.account_name,
});

/** Accounts by name, reference number or e-mail. */
export const searchAccounts = async (db: Db, scope: SearchScope, q: string) => {
    const text = likeText(q);
    const rows = await db
        .select({
            id: accounts.id,
            label: accounts.name,
            detail: accounts.ref_number,
            account_id: accounts.id,
            account_name: accounts.name,
        })
        .from(accounts)
        .where(
            and(inScope(scope, accounts.id), or(ilike(accounts.name, text), ilike(accounts.ref_number, text), ilike(accounts.email, text))),
        )
        .orderBy(...ranked(accounts.name, q), asc(accounts.id))
        .limit(LIMIT);
    return rows.map(hit);
};

/** Users by name or e-mail. */
export const searchUsers = async (db: Db, scope: SearchScope, q: string) => {
    const text = likeText(q);
    const rows = await db
        .select({ id: users.id, label: users.name, detail: users.email, account_id: users.account_id, account_name: accounts.name })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.account_id))
        .where(and(inScope(scope, users.account_id), or(ilike(users.name, text), ilike(users.email, text))))
        .orderBy(...ranked(users.name, q), asc(users.id))
        .limit(LIMIT);
    return rows.map(hit);
};

/** Devices by description, hardware id, IP or MAC address. */
export const searchDevices = async (db: Db, scope: SearchScope, q: string) => {
    const text = likeText(q);
    const rows = await db
        .select({
            id: devices.id,
            label: devices.description,
            detail: devices.hardware_id,
            account_id: devices.account_id,
            account_name: accounts.name,
        })
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .where(
            and(
                inScope(scope, devices.account_id),
                or(
                    ilike(devices.description, text),
                    ilike(devices.hardware_id, text),
                    ilike(devices.ip_address, text),
                    ilike(devices.mac_address, text),
                ),
            ),
        )
        .orderBy(...ranked(devices.description, q), asc(devices.id))
        .limit(LIMIT);
    return rows.map(hit);
};

/** ACS readers by description or linked hardware id, in accounts whose ACS integration is on (SPEC 6.3). */
export const searchReaders = async (db: Db, scope: SearchScope, q: string) => {
    const text = likeText(q);
    const acsOn = JSON.stringify([{ name: ACCOUNT_OPTIONS.acsEnabled, value: 'true' }]);
    const rows = await db
        .select({
            id: readers.id,
            label: readers.description,
            detail: readers.hardware_id,
            account_id: readers.account_id,
            account_name: accounts.name,
        })
        .from(readers)
        .innerJoin(accounts, eq(accounts.id, readers.account_id))
        .where(
            and(
                inScope(scope, readers.account_id),
                sql`${accounts.options} @> ${acsOn}::jsonb`,
                or(ilike(readers.description, text), ilike(readers.hardware_id, text)),
            ),
        )
        .orderBy(...ranked(readers.description, q), asc(readers.id))
        .limit(LIMIT);
    return rows.map(hit);
};

export const searchAccessGroups = async (db: Db, scope: SearchScope, q: string) => {
    const rows = await db
        .select({
            id: accessGroups.id,
            label: accessGroups.description,
            detail: sql<string | null>`null`,
            account_id: accessGroups.account_id,
            account_name: accounts.name,
        })
        .from(accessGroups)
        .innerJoin(accounts, eq(accounts.id, accessGroups.account_id))
        .where(and(inScope(scope, accessGroups.account_id), ilike(accessGroups.description, likeText(q))))
        .orderBy(...ranked(accessGroups.description, q), asc(accessGroups.id))
        .limit(LIMIT);
    return rows.map(hit);
};

/** Profiles by whole ACS ID: an index lookup among millions (decisions.md, search). */
export const searchProfiles = async (db: Db, scope: SearchScope, q: string) => {
    const rows = await db
        .select({
            id: profiles.id,
            label: sql<string>`${profiles.acs_id}`,
            detail: sql<string | null>`null`,
            account_id: profiles.account_id,
            account_name: accounts.name,
        })
        .from(profiles)
        .innerJoin(accounts, eq(accounts.id, profiles.account_id))
        .where(and(inScope(scope, profiles.account_id), eq(profiles.acs_id, q)))
        .orderBy(asc(profiles.id))
        .limit(LIMIT);
    return rows.map(hit);
};

/** Badges by whole card number, or FC:NUMBER; the detail is the holder's ACS ID. */
export const searchBadges = async (db: Db, scope: SearchScope, q: string) => {
    const badge = parseBadgeText(q);
    if (!badge || !Number.isSafeInteger(badge.badge_number)) return [];
    const rows = await db
        .select({
            id: badges.id,
            badge_number: badges.badge_number,
            facility_code: badges.facility_code,
            profile_id: badges.profile_id,
            acs_id: profiles.acs_id,
            account_id: badges.account_id,
            account_name: accounts.name,
        })
        .from(badges)
        .innerJoin(profiles, eq(profiles.id, badges.profile_id))
        .innerJoin(accounts, eq(accounts.id, badges.account_id))
        .where(
            and(
                inScope(scope, badges.account_id),
                eq(badges.badge_number, badge.badge_number),
                badge.facility_code === undefined ? undefined : eq(badges.facility_code, badge.facility_code),
            ),
        )
        .orderBy(asc(badges.id))
        .limit(LIMIT);
    return rows.map(r => ({ ...hit({ ...r, label: badgeText(r), detail: r.acs_id }), profile_id: r.profile_id }));
};

/** Firmware deployments by name or by the artifact they roll out. */
export const searchDeployments = async (db: Db, scope: SearchScope, q: string) => {
    const text = likeText(q);
    const rows = await db
        .select({
            id: deployments.id,
            label: deployments.name,
            detail: deployments.artifact_name,
            account_id: deployments.account_id,
            account_name: accounts.name,
        })
        .from(deployments)
        .innerJoin(accounts, eq(accounts.id, deployments.account_id))
        .where(and(inScope(scope, deployments.account_id), or(ilike(deployments.name, text), ilike(deployments.artifact_name, text))))
        .orderBy(...ranked(deployments.name, q), asc(deployments.id))
        .limit(LIMIT);
    return rows.map(hit);
};

/**
 * Firmware by name, file name or description: of the accounts in the scope
 * and of those above the caller's own account, where artifacts it may use
 * are uploaded (SPEC 3 Artifact).
 */
export const searchFirmware = async (db: Db, scope: SearchScope, aboveIds: number[], q: string) => {
    const text = likeText(q);
    const within = inScope(scope, firmwareArtifacts.account_id);
    const rows = await db
        .select({
            id: firmwareArtifacts.id,
            label: firmwareArtifacts.name,
            detail: firmwareArtifacts.file_name,
            account_id: firmwareArtifacts.account_id,
            account_name: accounts.name,
        })
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
        .orderBy(...ranked(firmwareArtifacts.name, q), asc(firmwareArtifacts.id))
        .limit(LIMIT);
    return rows.map(hit);
};
