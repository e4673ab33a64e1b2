import type { Role } from './roles';
import type { SessionFlags } from './session';

/** What a role may do with a resource of the rights matrix (contract/rights.ts). */
export const ACTIONS = ['read', 'write', 'edit', 'delete', 'export', 'bulk_edit', 'bulk_delete', 'bulk_reboot', 'download_config'] as const;
export type Action = (typeof ACTIONS)[number];

/** A row of the rights matrix: the actions each role holds (a role left out holds none). */
export type Grants = Partial<Record<Role, readonly Action[]>>;

/** A feature's entry in the side menu (contract/menu.ts). */
export interface FeatureMenuEntry<Key extends string> {
    key: Key;
    /** the console route it opens */
    to: string;
    /** a name the console's menu draws (src/layout/menuIcons.tsx); another name shows the icon of the plugin resource that opens `key` */
    icon: string;
    /** the key of the MENU group it joins, at its end; none: the menu's last entry */
    group?: string;
}

/**
 * What a feature declares about itself for both sides (docs/architecture.md "A feature's contract"): rows of the rights
 * matrix, the rules of its screens, its menu entries and the resources its audit entries name. Listed once in
 * contract/features.ts, which rights.ts, routes.ts, menu.ts and auditLogs.ts read, so their unions take the feature's
 * names and stay as strict as the lists written there. No zod here: the console's first load reads this.
 */
export interface FeatureContract<
    Resource extends string = string,
    RouteKey extends string = string,
    AuditResource extends string = string,
> {
    /** its folder under server/resources and src/resources */
    name: string;
    /** its rows of the rights matrix */
    rights: Record<Resource, Grants>;
    /** the rule of each of its screens; `right(resource, action = 'read')` reads the matrix for the session's role */
    routes: Record<RouteKey, (flags: SessionFlags, right: (resource: Resource, action?: Action) => boolean) => boolean>;
    menu: readonly FeatureMenuEntry<RouteKey>[];
    /** what its audit entries name as their resource; the console labels them resources.audit_logs.resourceNames.<name> */
    auditResources: readonly AuditResource[];
}

/** A feature's contract, its names kept as literal types. */
export const defineFeatureContract = <const Resource extends string, const RouteKey extends string, const AuditResource extends string>(
    contract: FeatureContract<Resource, RouteKey, AuditResource>,
) => contract;

/** The names a list of contracts adds to each union (never for none). */
export type ResourceOf<C> = C extends { rights: infer Rows } ? keyof Rows & string : never;
export type RouteKeyOf<C> = C extends { routes: infer Routes } ? keyof Routes & string : never;
export type AuditResourceOf<C> = C extends { auditResources: readonly (infer A extends string)[] } ? A : never;
