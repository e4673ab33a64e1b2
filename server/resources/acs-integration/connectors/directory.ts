import type { Client, Entry } from 'ldapts';
import { SSO_ERRORS, type DirectorySecrets, type DirectorySettings } from '../../../../contract/sso';
import {
    directoryTest,
    first,
    firstRdnValue,
    normalizeDn,
    serviceConnection,
    usersBase,
    values,
    type DirectoryConnectOptions,
} from '../../sso';
import { SsoError } from '../../sso';
import type { AcsBadge, AcsCardholder, AcsConnector } from '../connector';

/**
 * A directory (LDAP / Active Directory) as the access control system:
 * people matching a filter become cardholders, their badges read from one
 * attribute. Same connection settings as directory sign-in.
 */
export interface DirectoryMapping {
    /** which entries are cardholders, e.g. (&(objectClass=person)(employeeNumber=*)) */
    filter: string;
    /** multi-valued: one badge per value; a value '<facility code>:<number>' carries its facility code */
    badge_attribute: string;
    /** the facility code of every badge of the entry whose value does not carry one */
    facility_code_attribute?: string;
    /** the access groups' names; without it, the cn of each group in memberOf */
    group_attribute?: string;
}

/** Few round trips for tens of thousands of people, within OpenLDAP's default size limit (500) and AD's MaxPageSize (1000). */
const PAGE_SIZE = 500;
/** A page of people from a busy directory may take longer than the few seconds a sign-in waits. */
const PAGE_TIMEOUT_MS = 60_000;
/** AD userAccountControl ACCOUNTDISABLE */
const ACCOUNT_DISABLED = 0x2;

/** AD's objectGUID bytes as its usual text: the first three groups are little-endian. */
export const guidText = (bytes: Buffer) => {
    const hex = (from: number, to: number, reverse: boolean) => {
        const part = [...bytes.subarray(from, to)];
        return (reverse ? part.reverse() : part).map(b => b.toString(16).padStart(2, '0')).join('');
    };
    return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join('-');
};

const FACILITY_AND_NUMBER = /^(\d{1,9})\s*:\s*(\S+)$/;

const badgesOf = (entry: Entry, mapping: DirectoryMapping): AcsBadge[] => {
    const facility = mapping.facility_code_attribute ? first(entry, mapping.facility_code_attribute) : undefined;
    const entryFacility = facility !== undefined && /^\d{1,9}$/.test(facility.trim()) ? Number(facility.trim()) : null;
    const badges = new Map<string, AcsBadge>();
    for (const raw of values(entry, mapping.badge_attribute)) {
        const value = raw.trim();
        if (!value) continue;
        const pair = FACILITY_AND_NUMBER.exec(value);
        const badge = pair
            ? { badge_number: pair[2], facility_code: Number(pair[1]) }
            : { badge_number: value, facility_code: entryFacility };
        badges.set(`${badge.facility_code}:${badge.badge_number}`, badge);
    }
    return [...badges.values()];
};

/** Group names by member: 'dn:<normalized DN>' (member, uniqueMember) or 'uid:<uid>' (posixGroup memberUid), lower case. */
type Memberships = Map<string, string[]>;

/**
 * Every group's members, from one paged search: directories without memberOf
 * (OpenLDAP without its overlay) still give their people's groups. AD always
 * has memberOf, and its own groups are left out (their member lists come in
 * ranges past 1500).
 */
const membershipsOf = async (client: Client, settings: DirectorySettings): Promise<Memberships> => {
    const memberships: Memberships = new Map();
    const add = (key: string, name: string) => memberships.set(key, [...(memberships.get(key) ?? []), name]);
    for await (const page of client.searchPaginated(settings.base_dn, {
        scope: 'sub',
        filter: '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=posixGroup))',
        attributes: ['cn', 'member', 'uniqueMember', 'memberUid'],
        paged: { pageSize: PAGE_SIZE },
    })) {
        for (const group of page.searchEntries) {
            const name = first(group, 'cn') ?? firstRdnValue(group.dn) ?? group.dn;
            for (const dn of [...values(group, 'member'), ...values(group, 'uniqueMember')])
                add(`dn:${normalizeDn(dn).toLowerCase()}`, name);
            for (const uid of values(group, 'memberUid')) add(`uid:${uid.toLowerCase()}`, name);
        }
    }
    return memberships;
};

const accessGroupsOf = (entry: Entry, mapping: DirectoryMapping, memberships: Memberships): string[] => {
    if (mapping.group_attribute) {
        // a group named by its DN is named by its cn, as the console shows access groups
        return [...new Set(values(entry, mapping.group_attribute).map(v => firstRdnValue(v) ?? v.trim()))].filter(Boolean);
    }
    const names = [
        ...values(entry, 'memberOf').map(dn => firstRdnValue(dn) ?? dn),
        ...(memberships.get(`dn:${normalizeDn(entry.dn).toLowerCase()}`) ?? []),
        ...values(entry, 'uid').flatMap(uid => memberships.get(`uid:${uid.toLowerCase()}`) ?? []),
    ];
    return [...new Set(names)];
};

const cardholderOf = (entry: Entry, mapping: DirectoryMapping, memberships: Memberships): AcsCardholder => {
    const guid = entry.objectGUID ?? Object.entries(entry).find(([k]) => k.toLowerCase() === 'objectguid')?.[1];
    const guidBytes = Buffer.isBuffer(guid) ? guid : Array.isArray(guid) && Buffer.isBuffer(guid[0]) ? guid[0] : undefined;
    const control = Number(first(entry, 'userAccountControl') ?? 0);
    return {
        // stable across renames and moves, unlike the DN
        acs_id: guidBytes?.length === 16 ? guidText(guidBytes) : (first(entry, 'entryUUID') ?? entry.dn),
        name: first(entry, 'displayName', 'cn'),
        email: first(entry, 'mail'),
        enabled: !(control & ACCOUNT_DISABLED) && values(entry, 'pwdAccountLockedTime').length === 0,
        badges: badgesOf(entry, mapping),
        access_groups: accessGroupsOf(entry, mapping, memberships),
    };
};

export const directoryConnector = (
    settings: DirectorySettings,
    secrets: DirectorySecrets,
    mapping: DirectoryMapping,
    options: Pick<DirectoryConnectOptions, 'publicOnly'> = {},
): AcsConnector => ({
    test: async () => {
        const result = await directoryTest(settings, secrets, options);
        if (result.ok) return { ok: true, detail: `Connected to ${settings.server_address}` };
        // an address refused says why; any other failure, SPEC 8.5's text (never what the directory answered)
        return { ok: false, error: result.refusal ?? result.error };
    },
    cardholders: async () => {
        const attributes = [
            'objectGUID',
            'entryUUID',
            'displayName',
            'cn',
            'mail',
            'userAccountControl',
            'pwdAccountLockedTime',
            'memberOf',
            'uid',
            mapping.badge_attribute,
            ...(mapping.facility_code_attribute ? [mapping.facility_code_attribute] : []),
            ...(mapping.group_attribute ? [mapping.group_attribute] : []),
        ];
        const client = await serviceConnection(settings, secrets, { ...options, timeout: PAGE_TIMEOUT_MS });
        try {
            const memberships: Memberships = mapping.group_attribute ? new Map() : await membershipsOf(client, settings);
            const cardholders: AcsCardholder[] = [];
            // page by page, so tens of thousands of entries never sit in memory as raw LDAP entries at once
            for await (const page of client.searchPaginated(usersBase(settings), {
                scope: 'sub',
                filter: mapping.filter.trim() || '(objectClass=person)',
                attributes,
                explicitBufferAttributes: ['objectGUID'],
                paged: { pageSize: PAGE_SIZE },
            })) {
                for (const entry of page.searchEntries) cardholders.push(cardholderOf(entry, mapping, memberships));
            }
            return cardholders;
        } catch (error) {
            throw new SsoError(SSO_ERRORS.adUserData, error instanceof Error ? error.message : String(error));
        } finally {
            await client.unbind().catch(() => undefined);
        }
    },
});
