import type { Resource as RightResource } from '../../contract/rights';
import type { RouteKey } from '../../contract/routes';
import { enabledPlugins } from './enabled';

const rightsByResource = new Map<string, RightResource>(
    enabledPlugins.flatMap(p => (p.resources ?? []).filter(r => r.right).map(r => [r.name, r.right!] as const)),
);

/** The SPEC 6.2 rights resource behind a react-admin resource name. */
export const rightResourceOf = (resource: string): RightResource | undefined => rightsByResource.get(resource);

/** Menu entries that have a screen in this console. */
export const implementedRoutes: ReadonlySet<RouteKey> = new Set(['dashboard', ...enabledPlugins.flatMap(p => p.menu ?? [])]);
