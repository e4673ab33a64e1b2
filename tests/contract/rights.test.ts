import { describe, expect, it } from 'vitest';
// SPEC 6.2's rows: the resources written in rights.ts, not those a registered feature adds (contract/features.ts).
import { ACTIONS, can, CORE_RESOURCES as RESOURCES, type Action, type CoreResource as Resource } from '../../contract/rights';
import { assignableRoles, canEditUser, ROLES, type Role } from '../../contract/roles';
import { canOpenRoute, canResetTwoFactor, canSwitchAccount, hasAccountFilter, type RouteKey } from '../../contract/routes';
import { singleTenantMode, type SessionFlags } from '../../contract/session';

const STAFF: Role[] = ['admin', 'dealer', 'installer', 'moderator'];
const ALL_DEVICES: Action[] = ['read', 'write', 'edit', 'delete', 'bulk_edit', 'bulk_delete', 'bulk_reboot', 'download_config'];
const but = (actions: Action[], ...removed: Action[]) => actions.filter(a => !removed.includes(a));

/**
 * SPEC 6.2, row by row, as its text says (a role that may only "write" a
 * list resource may read it too: docs/decisions.md).
 */
const SPEC_6_2: Record<Resource, Partial<Record<Role, Action[]>>> = {
    dashboard: {
        admin: ['read', 'write', 'delete'],
        dealer: ['read'],
        installer: ['read'],
        moderator: ['read'],
        manager: ['read'],
        user: ['read'],
    },
    users: {
        admin: ['read', 'write', 'delete'],
        dealer: ['read', 'write', 'delete'],
        installer: ['read', 'write', 'delete'],
        moderator: ['read', 'write', 'delete'],
        manager: ['read', 'write', 'delete'],
    },
    accounts: {
        admin: ['read', 'write', 'edit', 'delete'],
        dealer: ['read', 'write', 'edit', 'delete'],
        installer: ['read'],
        moderator: ['read'],
    },
    devices: {
        admin: ALL_DEVICES,
        dealer: but(ALL_DEVICES, 'bulk_delete', 'bulk_reboot'),
        installer: but(ALL_DEVICES, 'bulk_delete', 'bulk_reboot'),
        moderator: but(ALL_DEVICES, 'bulk_delete'),
        manager: ['read'],
        user: ['read'],
    },
    deployments: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    artifacts: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    cardFormats: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    deviceConfig: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    events: {
        admin: ['read', 'write', 'edit', 'delete', 'export'],
        dealer: ['read', 'write', 'edit', 'delete', 'export'],
        installer: ['read', 'write', 'edit', 'delete', 'export'],
        moderator: ['read', 'write'],
        manager: ['read', 'write'],
        user: ['read'],
    },
    profiles: {
        ...Object.fromEntries(STAFF.map(r => [r, ['read', 'write', 'delete', 'export', 'bulk_delete']])),
        manager: ['read', 'write', 'delete'],
        user: ['read', 'write', 'delete'],
    },
    auditLogs: Object.fromEntries(STAFF.map(r => [r, ['read']])),
    statistics: Object.fromEntries(STAFF.map(r => [r, ['read']])),
    backup: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    restore: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    importExport: Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])),
    systemSettings: { admin: ['read', 'write'] },
    migrations: { admin: ['read', 'write'], moderator: ['read', 'write'] },
    version: { admin: ['read'] },
    deviceLogs: { admin: ['read'] },
    optOut: {
        ...Object.fromEntries(['admin', 'dealer', 'installer', 'moderator', 'manager'].map(r => [r, ['read', 'write']])),
        user: ['read'],
    },
    adaptive: {
        ...Object.fromEntries(['admin', 'dealer', 'installer', 'moderator', 'manager'].map(r => [r, ['read', 'write']])),
        user: ['read'],
    },
    visitors: {
        ...Object.fromEntries(['admin', 'dealer', 'installer', 'moderator', 'manager'].map(r => [r, ['read', 'write']])),
        user: ['read'],
    },
    mainAccount: { admin: ['read', 'write'] },
    sso: { admin: ['read', 'write'], moderator: ['read', 'write'] },
    apiKeys: Object.fromEntries(STAFF.map(r => [r, ['read', 'write', 'delete']])),
    // the ACS integration, its certificate and its log
    acsIntegration: Object.fromEntries(STAFF.map(r => [r, ['read', 'write', 'delete']])),
    // signed webhooks and their deliveries
    webhooks: Object.fromEntries(STAFF.map(r => [r, ['read', 'write', 'edit', 'delete']])),
    // not in SPEC 6.2 (docs/decisions.md "Schedules"): written like access groups, read by all
    schedules: { ...Object.fromEntries(STAFF.map(r => [r, ['read', 'write']])), manager: ['read'], user: ['read'] },
    // alert rules, managed by moderators and above, read by managers
    alertRules: { ...Object.fromEntries(STAFF.map(r => [r, ['read', 'write', 'delete']])), manager: ['read'] },
    // brands (docs/decisions.md "Brands per account"): set by those who sell and install, worn by the customers' staff
    branding: {
        admin: ['read', 'write', 'delete'],
        dealer: ['read', 'write', 'delete'],
        installer: ['read', 'write', 'delete'],
        moderator: ['read'],
        manager: ['read'],
        user: ['read'],
    },
};

describe('SPEC 6.2 resource rights', () => {
    for (const resource of RESOURCES) {
        it(`${resource}: every role has exactly the rights of the table`, () => {
            for (const role of ROLES) {
                const granted = ACTIONS.filter(a => can(role, resource, a));
                expect({ role, granted }).toEqual({ role, granted: ACTIONS.filter(a => (SPEC_6_2[resource][role] ?? []).includes(a)) });
            }
        });
    }
});

const flags = (role: Role, over: Partial<SessionFlags> = {}): SessionFlags => ({
    role,
    cloud: false,
    singleTenantInstallation: false,
    singleTenant: false,
    acsEnabled: true,
    agEnabled: true,
    optOutEnabled: true,
    enrollmentEnabled: true,
    accountENREnabled: true,
    tfaEnabled: false,
    ...over,
});
const allowed = (key: RouteKey, over: Partial<SessionFlags> = {}) => ROLES.filter(r => canOpenRoute(key, flags(r, over)));

describe('SPEC 6.3 route denial', () => {
    it.each([['accounts'], ['auditLogs'], ['bulkDeviceEdit'], ['firmwareUpdates']] as [RouteKey][])(
        '%s: denied to manager and user',
        key => {
            expect(allowed(key)).not.toContain('manager');
            expect(allowed(key)).not.toContain('user');
            expect(allowed(key)).toContain('moderator');
        },
    );
    it('/roles and /users: denied to user only', () => {
        expect(allowed('roles')).toEqual(ROLES.filter(r => r !== 'user'));
        expect(allowed('users')).toEqual(ROLES.filter(r => r !== 'user'));
    });
    it('/readers: denied to user, and to everyone when the ACS integration is off', () => {
        expect(allowed('readers')).toEqual(ROLES.filter(r => r !== 'user'));
        expect(allowed('readers', { acsEnabled: false })).toEqual([]);
    });
    it('/access_groups: only with access groups on, and not for the admin (SPEC 2.2)', () => {
        expect(allowed('accessGroups')).toEqual(ROLES.filter(r => r !== 'admin'));
        expect(allowed('accessGroups', { agEnabled: false })).toEqual([]);
    });
    it('/qrcode and /events: qrcode denied to manager and user, events to user', () => {
        expect(allowed('qrcode')).toEqual(['admin', 'dealer', 'installer', 'moderator']);
        expect(allowed('events')).toEqual(ROLES.filter(r => r !== 'user'));
    });
    it.each([[false], [true]])('backup, statistics: denied to manager and user (cloud %s); settings: admin only', cloud => {
        expect(allowed('backupAndRestore', { cloud })).toEqual(STAFF);
        expect(allowed('statistics', { cloud })).toEqual(STAFF);
        expect(allowed('settings', { cloud })).toEqual(['admin']);
    });
    it('/migrations: admin and moderator, but not admin in the cloud', () => {
        expect(allowed('migrations')).toEqual(['admin', 'moderator']);
        expect(allowed('migrations', { cloud: true })).toEqual(['moderator']);
    });
    it('/account_management: admin on a single-tenant installation only', () => {
        expect(allowed('accountManagement')).toEqual([]);
        expect(allowed('accountManagement', { singleTenantInstallation: true })).toEqual(['admin']);
    });
    it('/web-enrollments: only when enrollment is on for both the system and the account', () => {
        expect(allowed('webEnrollments').length).toBeGreaterThan(0);
        expect(allowed('webEnrollments', { enrollmentEnabled: false })).toEqual([]);
        expect(allowed('webEnrollments', { accountENREnabled: false })).toEqual([]);
    });
    it('Switch Account: installer or higher, not on a single-tenant installation', () => {
        expect(ROLES.filter(r => canSwitchAccount(flags(r)))).toEqual(['admin', 'dealer', 'installer']);
        expect(ROLES.filter(r => canSwitchAccount(flags(r, { singleTenantInstallation: true })))).toEqual([]);
    });
    it('two-factor reset: 2FA on and admin in the cloud, or moderator', () => {
        expect(ROLES.filter(r => canResetTwoFactor(flags(r, { tfaEnabled: true, cloud: true })))).toEqual(['admin', 'moderator']);
        expect(ROLES.filter(r => canResetTwoFactor(flags(r, { tfaEnabled: true })))).toEqual(['moderator']);
        expect(ROLES.filter(r => canResetTwoFactor(flags(r, { tfaEnabled: false, cloud: true })))).toEqual([]);
    });
    it('the account_id filter is offered to admin, dealer and installer', () => {
        expect(ROLES.filter(hasAccountFilter)).toEqual(['admin', 'dealer', 'installer']);
    });
});

describe('SPEC 4.2 single-tenant mode and 6.1 roles', () => {
    it('single-tenant mode: single-tenant installation, own account is main, not admin', () => {
        expect(singleTenantMode(true, true, 'moderator')).toBe(true);
        expect(singleTenantMode(true, true, 'admin')).toBe(false);
        expect(singleTenantMode(true, false, 'moderator')).toBe(false);
        expect(singleTenantMode(false, true, 'moderator')).toBe(false);
    });
    it('assignable roles', () => {
        expect(assignableRoles('admin')).toEqual([...ROLES]);
        expect(assignableRoles('dealer')).toEqual(['installer', 'moderator', 'manager', 'user']);
        expect(assignableRoles('installer')).toEqual(['moderator', 'manager', 'user']);
        expect(assignableRoles('moderator')).toEqual(['moderator', 'manager', 'user']);
        expect(assignableRoles('manager')).toEqual(['manager', 'user']);
        expect(assignableRoles('user')).toEqual([]);
    });
    it('editing a user: admin, oneself, or a strictly lower role', () => {
        expect(canEditUser({ id: 1, role: 'admin' }, { id: 2, role: 'admin' })).toBe(true);
        expect(canEditUser({ id: 1, role: 'manager' }, { id: 1, role: 'manager' })).toBe(true);
        expect(canEditUser({ id: 1, role: 'moderator' }, { id: 2, role: 'moderator' })).toBe(false);
        expect(canEditUser({ id: 1, role: 'moderator' }, { id: 2, role: 'manager' })).toBe(true);
        expect(canEditUser({ id: 1, role: 'installer' }, { id: 2, role: 'dealer' })).toBe(false);
    });
});
