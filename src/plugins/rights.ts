import type { Resource as RightResource } from '../../contract/rights';
import type { AccountSection } from './types';
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

/** The account page's sections that features contribute. */
export const accountSections = (): AccountSection[] => enabledPlugins.flatMap(p => p.accountSections ?? []);
