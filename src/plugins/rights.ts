import type { Resource as RightResource } from '../../contract/rights';
import type { PluginSlots } from './slots';
import { installedPlugins } from './installed';

// Built from the installed features on first use after they are installed.
let rightsByResource: { of: readonly unknown[]; map: Map<string, RightResource> } | undefined;

/** The SPEC 6.2 rights resource behind a react-admin resource name. */
export const rightResourceOf = (resource: string): RightResource | undefined => {
    const plugins = installedPlugins();
    if (rightsByResource?.of !== plugins)
        rightsByResource = {
            of: plugins,
            map: new Map(plugins.flatMap(p => (p.resources ?? []).filter(r => r.right).map(r => [r.name, r.right!] as const))),
        };
    return rightsByResource.map.get(resource);
};

let slots: { of: readonly unknown[]; slots: PluginSlots } | undefined;
/** What the features add to the account page and the app bar: one object, so the context that carries it never changes. */
export const pluginSlots = (): PluginSlots => {
    const plugins = installedPlugins();
    if (slots?.of !== plugins)
        slots = {
            of: plugins,
            slots: { accountSections: plugins.flatMap(p => p.accountSections ?? []), appBar: plugins.flatMap(p => p.appBar ?? []) },
        };
    return slots.slots;
};
