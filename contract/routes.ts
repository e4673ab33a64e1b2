import type { RouteKeyOf } from './featureContract';
import { featureContracts, type RegisteredContract } from './features';
import { can, type Action, type Resource } from './rights';
import { isAtLeast, type Role } from './roles';
import type { SessionFlags } from './session';

/**
 * The console's routes behind sign-in (SPEC 2.2) with their resource guard and
 * the denials of SPEC 6.3. The server builds the `me` menu from this table and
 * the console guards its routes with it, so both always agree. The routes written
 * here; the features of contract/features.ts add theirs.
 */
export const CORE_ROUTE_KEYS = [
    'dashboard',
    'qrcode',
    'accounts',
    'auditLogs',
    'roles',
    'users',
    'devices',
    'bulkDeviceEdit',
    'bulkDeviceReboot',
    'firmwareUpdates',
    'firmwareVersions',
    'readers',
    'accessGroups',
    'schedules',
    'events',
    'alertRules',
    'webEnrollments',
    'profiles',
    'optOut',
    'adaptive',
    'consented',
    'visitors',
    'backupAndRestore',
    'statistics',
    'accountManagement',
    'settings',
    'migrations',
    'search',
    'webhooks',
] as const;
export type CoreRouteKey = (typeof CORE_ROUTE_KEYS)[number];
export type RouteKey = CoreRouteKey | RouteKeyOf<RegisteredContract>;

export const ROUTE_KEYS: readonly RouteKey[] = [...CORE_ROUTE_KEYS, ...featureContracts.flatMap(c => Object.keys(c.routes) as RouteKey[])];

const denyRoles = (role: Role, ...denied: Role[]) => !denied.includes(role);
const right = (role: Role, resource: Resource, action: Action = 'read') => can(role, resource, action);

const CORE_RULES: Record<CoreRouteKey, (f: SessionFlags) => boolean> = {
    dashboard: f => right(f.role, 'dashboard'),
    qrcode: f => denyRoles(f.role, 'manager', 'user'),
    accounts: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'accounts'),
    auditLogs: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'auditLogs'),
    roles: f => denyRoles(f.role, 'user'),
    users: f => denyRoles(f.role, 'user') && right(f.role, 'users'),
    devices: f => right(f.role, 'devices'),
    bulkDeviceEdit: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'devices', 'bulk_edit'),
    bulkDeviceReboot: f => right(f.role, 'devices', 'bulk_reboot'),
    firmwareUpdates: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'deployments'),
    firmwareVersions: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'artifacts'),
    readers: f => f.acsEnabled && denyRoles(f.role, 'user'),
    // SPEC 2.2: only when access control is on for the account and the user is
    // not an admin; the "except user" reading of 6.3 is not taken (decisions.md).
    accessGroups: f => f.agEnabled && f.role !== 'admin',
    // Schedules belong to access groups, so they show where the groups do.
    schedules: f => f.agEnabled && f.role !== 'admin' && right(f.role, 'schedules'),
    events: f => denyRoles(f.role, 'user') && right(f.role, 'events'),
    // Alert rules: managers read them, moderators and above manage them.
    alertRules: f => right(f.role, 'alertRules'),
    webEnrollments: f => f.enrollmentEnabled && f.accountENREnabled && right(f.role, 'profiles'),
    profiles: f => right(f.role, 'profiles'),
    optOut: f => f.optOutEnabled && right(f.role, 'optOut'),
    adaptive: f => right(f.role, 'adaptive'),
    consented: f => right(f.role, 'profiles'),
    visitors: f => right(f.role, 'visitors'),
    backupAndRestore: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'auditLogs'),
    statistics: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'statistics'),
    accountManagement: f => f.role === 'admin' && f.singleTenantInstallation && right(f.role, 'mainAccount'),
    settings: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'systemSettings'),
    migrations: f => !(f.role === 'admin' && f.cloud) && right(f.role, 'migrations'),
    search: () => true,
    // Webhooks: the staff who keep the account's settings (the webhooks right).
    webhooks: f => denyRoles(f.role, 'manager', 'user') && right(f.role, 'webhooks'),
};

/** A feature's rules read the matrix through `right`, as the rules above do. */
const featureRules = featureContracts.flatMap(c =>
    Object.entries(c.routes).map(([key, rule]) => [
        key,
        (f: SessionFlags) => rule(f, (resource, action) => right(f.role, resource as Resource, action)),
    ]),
);

const RULES: Record<RouteKey, (f: SessionFlags) => boolean> = { ...CORE_RULES, ...Object.fromEntries(featureRules) };

export const canOpenRoute = (key: RouteKey, flags: SessionFlags): boolean => RULES[key](flags);

/** The Switch Account button (SPEC 2.4, 6.3). */
export const canSwitchAccount = (flags: Pick<SessionFlags, 'role' | 'singleTenantInstallation'>): boolean =>
    isAtLeast(flags.role, 'installer') && !flags.singleTenantInstallation;

/** SPEC 2.2: the accounts route shows the caller's own account page instead of the list. */
export const accountsRouteRedirects = (
    flags: Pick<SessionFlags, 'role' | 'singleTenant'>,
    ownAccountId: number,
    currentAccountId: number,
): boolean => flags.singleTenant || ownAccountId !== currentAccountId || flags.role === 'moderator';

/** SPEC 6.3: two-factor reset is offered when 2FA is on and the role is admin in the cloud, or moderator. */
export const canResetTwoFactor = (flags: Pick<SessionFlags, 'role' | 'cloud' | 'tfaEnabled'>): boolean =>
    flags.tfaEnabled && ((flags.role === 'admin' && flags.cloud) || flags.role === 'moderator');

/** SPEC 6.3: the account_id filter is offered to admin, dealer and installer. */
export const hasAccountFilter = (role: Role): boolean => isAtLeast(role, 'installer');
