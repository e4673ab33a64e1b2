import type { ComponentType, ReactElement } from 'react';
import type { DashboardComponent } from 'react-admin';
import type { Action, Resource as RightResource } from '../../contract/rights';
import type { RouteKey } from '../../contract/routes';

/** Translation messages, nested as polyglot expects. */
export interface Messages {
    [key: string]: string | Messages;
}

/** A feature's texts, one file per language: `import.meta.glob('./messages.*.ts')` (src/i18n/load.ts). */
export type MessageFiles = Record<`${string}.ts`, () => Promise<unknown>>;

export interface PluginResource {
    /** react-admin resource name = the API path under /api/v2 */
    name: string;
    /** the SPEC 6.2 rights resource that guards it */
    right?: RightResource;
    /** the SPEC 2.2 / 6.3 route rule that guards its pages */
    routeKey?: RouteKey;
    /** views that apply their own rule instead of routeKey (e.g. one's own user page) */
    selfGuarded?: ('list' | 'show' | 'edit' | 'create')[];
    list?: ComponentType;
    show?: ComponentType;
    edit?: ComponentType;
    create?: ComponentType;
    icon?: ComponentType;
    recordRepresentation?: string | ((record: never) => string);
}

export interface PluginRoute {
    path: string;
    element: ReactElement;
    /** guard of SPEC 6.3; a denied route redirects to / */
    routeKey?: RouteKey;
}

/** A section of the account page (SPEC 3 account settings sections), shown to roles holding `right`. */
export interface AccountSection {
    key: string;
    /** i18n key of the tab label */
    label: string;
    right: readonly [RightResource, Action];
    /** shown on the platform main account's page only (single sign-on, SPEC 6.1) */
    mainAccountOnly?: boolean;
    component: ComponentType<{ accountId: number }>;
}

/**
 * A feature of the console: its resources, its custom routes, the menu
 * entries it makes real and its messages. The kernel knows nothing of any
 * one feature; src/features.ts lists them.
 */
export interface ConsolePlugin {
    key: string;
    resources?: PluginResource[];
    routes?: PluginRoute[];
    /** pages outside sign-in and the layout (a link in a mail opens them) */
    publicRoutes?: { path: string; element: ReactElement }[];
    /** sections it adds to the account page */
    accountSections?: AccountSection[];
    /** items it adds to the app bar, before the current account */
    appBar?: ComponentType[];
    /** the icons of its entries in the side menu (contract/menu.ts), by entry key */
    menuIcons?: Partial<Record<RouteKey, ComponentType>>;
    /** the home page after sign-in (one feature brings it) */
    dashboard?: DashboardComponent;
    /** loaded with the signed-in layout or a public page, not with the sign-in page (src/i18n/index.ts) */
    messages: MessageFiles;
}
