import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directorySettings, SSO_ERRORS } from '../../../contract/sso';
import type { AcsCardholder } from '../../../server/resources/acs-integration/connector';
import { directoryConnector, type DirectoryMapping } from '../../../server/resources/acs-integration/connectors/directory';
import { BASE_DN, startSlapd, type Slapd } from '../slapd';

const PEOPLE = `ou=people,${BASE_DN}`;
const SERVICE_DN = `cn=sync,${BASE_DN}`;
const SERVICE_PASSWORD = 'Sync#Pass1';
/** AD's documented example GUID, and the bytes AD stores for it (first three groups little-endian) */
const GUID = '6f9619ff-8b86-d011-b42d-00c04fc964ff';
const GUID_BYTES = Buffer.from('ff19966f868b11d0b42d00c04fc964ff', 'hex');

const LDIF = `
dn: ${SERVICE_DN}
objectClass: person
cn: sync
sn: sync
userPassword: ${SERVICE_PASSWORD}

dn: ${PEOPLE}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${BASE_DN}
objectClass: organizationalUnit
ou: groups

dn: uid=alice,${PEOPLE}
objectClass: inetOrgPerson
objectClass: labAccount
uid: alice
cn: Alice Martin
sn: Martin
mail: alice@example.test
departmentNumber: Night shift
accessBadge: 45:10001
accessBadge: 10002
facilityCode: 12

dn: uid=bob,${PEOPLE}
objectClass: inetOrgPerson
objectClass: labAccount
uid: bob
cn: Bob Stone
sn: Stone
displayName: Bob S.
userAccountControl: 514
objectGUID:: ${GUID_BYTES.toString('base64')}
accessBadge: 777

dn: uid=carol,${PEOPLE}
objectClass: inetOrgPerson
uid: carol
cn: Carol
sn: Carol

dn: cn=Door Admins,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: Door Admins
member: uid=alice,${PEOPLE}

dn: cn=Lobby,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: Lobby
member: uid=alice,${PEOPLE}
member: uid=bob,${PEOPLE}

dn: cn=Car park,ou=groups,${BASE_DN}
objectClass: posixGroup
cn: Car park
gidNumber: 5002
memberUid: bob
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let slapd: Slapd;
beforeAll(async () => {
    slapd = await startSlapd({ ldif: LDIF });
});
afterAll(() => slapd?.close());

const connector = (mapping: Partial<DirectoryMapping> = {}, password = SERVICE_PASSWORD, server = slapd) =>
    directoryConnector(
        directorySettings.parse({
            server_address: server.ldapsUrl,
            secure_connection: 'ldaps',
            certificates: server.caPem,
            bind_dn: SERVICE_DN,
            base_dn: BASE_DN,
            user_query_dn: PEOPLE,
        }),
        { bind_password: password },
        {
            filter: '(&(objectClass=person)(accessBadge=*))',
            badge_attribute: 'accessBadge',
            facility_code_attribute: 'facilityCode',
            ...mapping,
        },
    );

const byName = (list: AcsCardholder[]) => [...list].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
const named = (list: AcsCardholder[], name: string) => list.find(c => c.name === name)!;

describe('directory ACS connector', () => {
    it('tests the connection: ok, or the SPEC 8.5 text of what failed', async () => {
        expect(await connector().test()).toMatchObject({ ok: true });
        expect(await connector({}, 'wrong').test()).toEqual({ ok: false, error: SSO_ERRORS.adBind });
    });

    it('lists the entries matching the filter with their badges, groups and state', async () => {
        const cardholders = byName(await connector().cardholders());
        expect(cardholders).toEqual([
            {
                acs_id: expect.stringMatching(UUID),
                name: 'Alice Martin',
                email: 'alice@example.test',
                enabled: true,
                badges: [
                    { badge_number: '10001', facility_code: 45 },
                    { badge_number: '10002', facility_code: 12 },
                ],
                access_groups: expect.arrayContaining(['Door Admins', 'Lobby']),
            },
            {
                // objectGUID when the directory has one, in AD's text form
                acs_id: GUID,
                name: 'Bob S.',
                email: undefined,
                // userAccountControl 514: ACCOUNTDISABLE set
                enabled: false,
                badges: [{ badge_number: '777', facility_code: null }],
                // memberOf, and posixGroup's memberUid (which memberOf does not cover)
                access_groups: ['Lobby', 'Car park'],
            },
        ]);
        expect(cardholders[0].access_groups).toHaveLength(2);
    });

    it('takes access groups from a configured attribute instead of memberOf', async () => {
        const alice = named(await connector({ group_attribute: 'departmentNumber' }).cardholders(), 'Alice Martin');
        expect(alice.access_groups).toEqual(['Night shift']);
    });

    it('finds groups by their member lists when the directory keeps no memberOf', async () => {
        const bare = await startSlapd({ ldif: LDIF, memberOf: false });
        try {
            const cardholders = await connector({}, SERVICE_PASSWORD, bare).cardholders();
            expect(named(cardholders, 'Alice Martin').access_groups.sort()).toEqual(['Door Admins', 'Lobby']);
            expect(named(cardholders, 'Bob S.').access_groups.sort()).toEqual(['Car park', 'Lobby']);
        } finally {
            await bare.close();
        }
    });

    it('disables an OpenLDAP account locked by its administrator (pwdAccountLockedTime)', async () => {
        const lock = (change: string) =>
            slapd.modify(
                `dn: uid=alice,${PEOPLE}\nchangetype: modify\n${change}: pwdAccountLockedTime\npwdAccountLockedTime: 000001010000Z\n`,
            );
        await lock('add');
        expect(named(await connector().cardholders(), 'Alice Martin').enabled).toBe(false);
        await lock('delete');
        expect(named(await connector().cardholders(), 'Alice Martin').enabled).toBe(true);
    });

    it('sees a changed attribute on the next call', async () => {
        const before = named(await connector().cardholders(), 'Bob S.');
        await slapd.modify(
            [
                `dn: uid=bob,${PEOPLE}`,
                'changetype: modify',
                'replace: accessBadge',
                'accessBadge: 9:888',
                '-',
                'replace: userAccountControl',
                'userAccountControl: 512',
                '-',
                'add: mail',
                'mail: bob@example.test',
                '',
            ].join('\n'),
        );
        const after = named(await connector().cardholders(), 'Bob S.');
        expect(before).toMatchObject({ enabled: false, badges: [{ badge_number: '777' }] });
        expect(after).toMatchObject({
            acs_id: GUID,
            enabled: true,
            email: 'bob@example.test',
            badges: [{ badge_number: '888', facility_code: 9 }],
        });
    });

    it('keeps the same ACS ID (entryUUID) when an entry is renamed and moved', async () => {
        const before = named(await connector().cardholders(), 'Alice Martin');
        await slapd.modify(
            [
                `dn: uid=alice,${PEOPLE}`,
                'changetype: modrdn',
                'newrdn: uid=alice.martin',
                'deleteoldrdn: 1',
                '',
                `dn: uid=alice.martin,${PEOPLE}`,
                'changetype: modify',
                'replace: cn',
                'cn: Alice Martin-Leroy',
                '',
            ].join('\n'),
        );
        const after = await connector().cardholders();
        expect(after.find(c => c.acs_id === before.acs_id)).toMatchObject({ name: 'Alice Martin-Leroy', badges: before.badges });
        expect(after).toHaveLength(2);
    });

    it('reads every entry of a directory larger than one page and than the server size limit', async () => {
        const count = 1200;
        const ldif = [`dn: ou=staff,${PEOPLE}`, 'objectClass: organizationalUnit', 'ou: staff', ''];
        for (let i = 0; i < count; i++) {
            ldif.push(`dn: uid=p${i},ou=staff,${PEOPLE}`, 'objectClass: inetOrgPerson', 'objectClass: labAccount');
            ldif.push(`uid: p${i}`, `cn: Person ${i}`, `sn: ${i}`, `accessBadge: ${100000 + i}`, '');
        }
        await slapd.modify(ldif.join('\n'), { add: true });
        const cardholders = await connector().cardholders();
        const badges = new Set(cardholders.flatMap(c => c.badges.map(b => b.badge_number)));
        expect(cardholders).toHaveLength(count + 2);
        expect(badges.has('100000') && badges.has(String(100000 + count - 1))).toBe(true);
        expect(new Set(cardholders.map(c => c.acs_id)).size).toBe(count + 2);
    });

    it('refuses to list with a refused service account', async () => {
        await expect(connector({}, 'wrong').cardholders()).rejects.toMatchObject({ text: SSO_ERRORS.adBind });
    });
});
