import type { ComponentType } from 'react';
import type { Resource as RightResource } from '../../contract/rights';
import type { PluginSlots } from './slots';
import type { ConsolePlugin } from './types';

/** The installed features and what the kernel reads of them, derived once when they are installed. */
interface Installed {
    plugins: readonly ConsolePlugin[];
    /** the SPEC 6.2 rights resource behind each react-admin resource name */
    rights: Map<string, RightResource>;
    /** what the features add to the account page and the app bar: one object, so the context carrying it never changes */
    slots: PluginSlots;
    /** the icon of each menu entry: its feature's menuIcons, else the icon of its resource that opens the route */
    menuIcons: Map<string, ComponentType>;
}

const derive = (plugins: readonly ConsolePlugin[]): Installed => ({
    plugins,
    rights: new Map(plugins.flatMap(p => (p.resources ?? []).filter(r => r.right).map(r => [r.name, r.right!] as const))),
    slots: { accountSections: plugins.flatMap(p => p.accountSections ?? []), appBar: plugins.flatMap(p => p.appBar ?? []) },
    menuIcons: new Map([
        ...plugins.flatMap(p => (p.resources ?? []).filter(r => r.routeKey && r.icon).map(r => [r.routeKey!, r.icon!] as const)),
        ...plugins.flatMap(p => Object.entries(p.menuIcons ?? {}) as [string, ComponentType][]),
    ]),
});

let installed = derive([]);

/**
 * Hands the kernel the console's features (src/features.ts), once at start: the kernel (rights, texts, preloading,
 * routes, menu) reads them from here and imports none of them.
 */
export const installPlugins = (plugins: readonly ConsolePlugin[]) => {
    installed = derive(plugins);
};

/** The installed features, in menu order. */
export const installedPlugins = (): readonly ConsolePlugin[] => installed.plugins;

/** The SPEC 6.2 rights resource behind a react-admin resource name. */
export const rightResourceOf = (resource: string): RightResource | undefined => installed.rights.get(resource);

/** What the features add to the account page and the app bar. */
export const pluginSlots = (): PluginSlots => installed.slots;

/** The icon a feature brings for a menu entry. */
export const menuIconOf = (key: string): ComponentType | undefined => installed.menuIcons.get(key);
