import { ACTIONS, type Action, type Grants, type ResourceOf } from './featureContract';
import { featureContracts, type RegisteredContract } from './features';
import type { Role } from './roles';

export { ACTIONS, type Action };

/**
 * The resource-rights matrix of SPEC 6.2, the one table both the server's
 * route guards and the console's canAccess read. A role that may write a
 * resource may also read it (SPEC lists "write" alone for several resources
 * whose screens are lists); that is spelled out in the table, not inferred.
 *
 * The resources written here; the features of contract/features.ts add theirs.
 */
export const CORE_RESOURCES = [
    'dashboard',
    'users',
    'accounts',
    'devices',
    'deployments',
    'artifacts',
    'cardFormats',
    'deviceConfig',
    'events',
    'profiles',
    'auditLogs',
    'statistics',
    'backup',
    'restore',
    'importExport',
    'systemSettings',
    'migrations',
    'version',
    'deviceLogs',
    'optOut',
    'adaptive',
    'visitors',
    'mainAccount',
    'sso',
    'apiKeys',
    'acsIntegration',
    'webhooks',
    'schedules',
    'alertRules',
    'branding',
] as const;
export type CoreResource = (typeof CORE_RESOURCES)[number];
export type Resource = CoreResource | ResourceOf<RegisteredContract>;

/** Every resource of the matrix: those written here, then the registered features'. */
export const RESOURCES: readonly Resource[] = [...CORE_RESOURCES, ...featureContracts.flatMap(c => Object.keys(c.rights) as Resource[])];

const RW: readonly Action[] = ['read', 'write'];
const DEVICES_ALL: readonly Action[] = ['read', 'write', 'edit', 'delete', 'bulk_edit', 'bulk_delete', 'bulk_reboot', 'download_config'];
const without = (actions: readonly Action[], ...removed: Action[]) => actions.filter(a => !removed.includes(a));
const same = (roles: Role[], actions: readonly Action[]): Grants => Object.fromEntries(roles.map(r => [r, actions]));
const STAFF: Role[] = ['admin', 'dealer', 'installer', 'moderator'];

const CORE_RIGHTS: Record<CoreResource, Grants> = {
    dashboard: { admin: ['read', 'write', 'delete'], ...same(['dealer', 'installer', 'moderator', 'manager', 'user'], ['read']) },
    users: same(['admin', 'dealer', 'installer', 'moderator', 'manager'], ['read', 'write', 'delete']),
    accounts: { ...same(['admin', 'dealer'], ['read', 'write', 'edit', 'delete']), ...same(['installer', 'moderator'], ['read']) },
    devices: {
        admin: DEVICES_ALL,
        dealer: without(DEVICES_ALL, 'bulk_delete', 'bulk_reboot'),
        installer: without(DEVICES_ALL, 'bulk_delete', 'bulk_reboot'),
        moderator: without(DEVICES_ALL, 'bulk_delete'),
        manager: ['read'],
        user: ['read'],
    },
    deployments: same(STAFF, RW),
    artifacts: same(STAFF, RW),
    cardFormats: same(STAFF, RW),
    deviceConfig: same(STAFF, RW),
    events: {
        ...same(['admin', 'dealer', 'installer'], ['read', 'write', 'edit', 'delete', 'export']),
        ...same(['moderator', 'manager'], RW),
        user: ['read'],
    },
    profiles: {
        ...same(STAFF, ['read', 'write', 'delete', 'export', 'bulk_delete']),
        ...same(['manager', 'user'], ['read', 'write', 'delete']),
    },
    auditLogs: same(STAFF, ['read']),
    statistics: same(STAFF, ['read']),
    backup: same(STAFF, RW),
    restore: same(STAFF, RW),
    importExport: same(STAFF, RW),
    systemSettings: { admin: RW },
    migrations: same(['admin', 'moderator'], RW),
    version: { admin: ['read'] },
    deviceLogs: { admin: ['read'] },
    optOut: { ...same(['admin', 'dealer', 'installer', 'moderator', 'manager'], RW), user: ['read'] },
    adaptive: { ...same(['admin', 'dealer', 'installer', 'moderator', 'manager'], RW), user: ['read'] },
    visitors: { ...same(['admin', 'dealer', 'installer', 'moderator', 'manager'], RW), user: ['read'] },
    // Changing which account is the platform main account: admin only (SPEC 2.2 /account_management).
    mainAccount: { admin: RW },
    // Single sign-on of the main account (docs/decisions.md "Single sign-on"); the routes refuse every other account (SPEC 6.1).
    sso: same(['admin', 'moderator'], RW),
    // The account settings' API keys section (SPEC 3; docs/decisions.md "API keys"): the staff who manage an account's settings.
    apiKeys: same(STAFF, ['read', 'write', 'delete']),
    // The account's ACS integration, its certificate and its log.
    acsIntegration: same(STAFF, ['read', 'write', 'delete']),
    // An account's signed webhooks and their deliveries, kept by the staff who keep its settings and API keys.
    webhooks: same(STAFF, ['read', 'write', 'edit', 'delete']),
    // Access schedules (docs/decisions.md "Schedules"). Staff who configure devices write them, as they do access groups; every role reads them.
    schedules: { ...same(STAFF, RW), ...same(['manager', 'user'], ['read']) },
    // Alert rules (docs/decisions.md "Alert rules"); moderators and above manage their account's rules, managers read them.
    alertRules: { ...same(STAFF, ['read', 'write', 'delete']), manager: ['read'] },
    // An account's brand (docs/decisions.md "Brands per account"): the admin, dealers and installers set their own and
    // their customers' (the account scope keeps them to their tree); a customer's staff see what they wear.
    branding: {
        ...same(['admin', 'dealer', 'installer'], ['read', 'write', 'delete']),
        ...same(['moderator', 'manager', 'user'], ['read']),
    },
};

export const RIGHTS: Record<Resource, Grants> = Object.assign({}, CORE_RIGHTS, ...featureContracts.map(c => c.rights));

export const can = (role: Role, resource: Resource, action: Action): boolean => RIGHTS[resource][role]?.includes(action) ?? false;

export const isResource = (value: unknown): value is Resource =>
    typeof value === 'string' && (RESOURCES as readonly string[]).includes(value);
export const isAction = (value: unknown): value is Action => typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
