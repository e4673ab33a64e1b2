import { featureContracts } from './features';
import { canOpenRoute, type RouteKey } from './routes';
import type { SessionFlags } from './session';

export interface MenuItem {
    key: RouteKey;
    /** i18n key of the label */
    title: string;
    /** name of the icon the console draws */
    icon: string;
    to: string;
}
export interface MenuGroup {
    key: string;
    title: string;
    icon: string;
    items: MenuItem[];
}

const item = (key: RouteKey, to: string, icon: string): MenuItem => ({ key, to, icon, title: `menu.${key}` });

/** The side menu of SPEC 2.3, in its order. The accounts entry's label depends on the role (Account Settings or Accounts List). */
const CORE_MENU: readonly (MenuItem | MenuGroup)[] = [
    item('dashboard', '/', 'dashboard'),
    {
        key: 'accountsGroup',
        title: 'menu.groups.accounts',
        icon: 'business',
        items: [
            item('accounts', '/accounts', 'business'),
            item('auditLogs', '/audit_logs', 'history'),
            item('webhooks', '/webhooks', 'webhook'),
        ],
    },
    {
        key: 'permissions',
        title: 'menu.groups.permissions',
        icon: 'lock',
        items: [item('roles', '/roles', 'badge'), item('users', '/users', 'people')],
    },
    {
        key: 'deviceManagement',
        title: 'menu.groups.deviceManagement',
        icon: 'devices',
        items: [
            item('devices', '/devices', 'devices'),
            item('firmwareUpdates', '/firmware-updates', 'systemUpdate'),
            item('readers', '/readers', 'contactless'),
            item('accessGroups', '/access_groups', 'groupWork'),
            item('schedules', '/schedules', 'schedule'),
            item('qrcode', '/qrcode', 'qrCode'),
        ],
    },
    item('events', '/events', 'security'),
    item('alertRules', '/alert_rules', 'notificationsActive'),
    item('webEnrollments', '/web-enrollments', 'howToReg'),
    {
        key: 'profilesGroup',
        title: 'menu.groups.profiles',
        icon: 'face',
        items: [
            item('profiles', '/profiles', 'face'),
            item('optOut', '/opt_out', 'block'),
            item('adaptive', '/adaptive', 'verifiedUser'),
            item('consented', '/consented', 'assignmentTurnedIn'),
            item('visitors', '/visitors', 'badge'),
        ],
    },
    {
        key: 'systemManager',
        title: 'menu.groups.systemManager',
        icon: 'settings',
        items: [
            item('backupAndRestore', '/backup_and_restore', 'backup'),
            item('statistics', '/statistics', 'barChart'),
            item('accountManagement', '/account_management', 'accountTree'),
            item('settings', '/settings', 'settings'),
            item('migrations', '/migrations', 'storage'),
        ],
    },
];

const featureEntries = featureContracts.flatMap(c => c.menu.map(e => ({ ...e, key: e.key as RouteKey })));

/** The menu with the registered features' entries (contract/features.ts): each at the end of its group, else of the menu. */
export const MENU: readonly (MenuItem | MenuGroup)[] = [
    ...CORE_MENU.map(entry => {
        const joining = featureEntries.filter(e => 'items' in entry && e.group === entry.key);
        return joining.length && 'items' in entry
            ? { ...entry, items: [...entry.items, ...joining.map(e => item(e.key, e.to, e.icon))] }
            : entry;
    }),
    ...featureEntries.filter(e => !CORE_MENU.some(g => 'items' in g && g.key === e.group)).map(e => item(e.key, e.to, e.icon)),
];

/**
 * The screens this console has, of the menu's entries: the one list the
 * server's /me menu and the console's menu read (a feature adds its entry
 * here when its screen exists; a registered feature's screens come with it).
 */
export const IMPLEMENTED_SCREENS: ReadonlySet<RouteKey> = new Set<RouteKey>([
    ...featureEntries.map(e => e.key),
    'dashboard',
    'accounts',
    'auditLogs',
    'roles',
    'users',
    'devices',
    'firmwareUpdates',
    'readers',
    'accessGroups',
    'schedules',
    'qrcode',
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
    'webhooks',
]);

export const isMenuGroup = (entry: MenuItem | MenuGroup): entry is MenuGroup => 'items' in entry;

/**
 * Flat list of the menu items this session may open; a group with no visible
 * child disappears (SPEC 2.3). `implemented` limits the list to screens the
 * console has.
 */
export const visibleMenu = (flags: SessionFlags, implemented?: ReadonlySet<RouteKey>): (MenuItem | MenuGroup)[] => {
    const shown = (i: MenuItem) => canOpenRoute(i.key, flags) && (!implemented || implemented.has(i.key));
    return MENU.flatMap((entry): (MenuItem | MenuGroup)[] => {
        if (!isMenuGroup(entry)) return shown(entry) ? [entry] : [];
        const items = entry.items.filter(shown);
        return items.length ? [{ ...entry, items }] : [];
    });
};

/** The me reply's menu: a flat list of {title, icon, to, key} (SPEC 3). */
export const menuItems = (flags: SessionFlags, implemented: ReadonlySet<RouteKey> = IMPLEMENTED_SCREENS): MenuItem[] =>
    visibleMenu(flags, implemented).flatMap(e => (isMenuGroup(e) ? e.items : [e]));
