import type { Resource as RightResource } from '../../contract/rights';
import type { PluginSlots } from './slots';
import { enabledPlugins } from './enabled';

// Read on first use, not at import: plugins import the authProvider, which imports this module.
let rightsByResource: Map<string, RightResource> | undefined;

/** The SPEC 6.2 rights resource behind a react-admin resource name. */
export const rightResourceOf = (resource: string): RightResource | undefined => {
    rightsByResource ??= new Map(
        enabledPlugins.flatMap(p => (p.resources ?? []).filter(r => r.right).map(r => [r.name, r.right!] as const)),
    );
    return rightsByResource.get(resource);
};

let slots: PluginSlots | undefined;
/** What the features add to the account page and the app bar: one object, so the context that carries it never changes. */
export const pluginSlots = (): PluginSlots =>
    (slots ??= {
        accountSections: enabledPlugins.flatMap(p => p.accountSections ?? []),
        appBar: enabledPlugins.flatMap(p => p.appBar ?? []),
    });
