import { CustomRoutes, Resource } from 'react-admin';
import { matchPath, Route } from 'react-router-dom';
import type { ConsolePlugin } from '../plugins/types';
import { preloadComponent } from '../plugins/onDemand';
import { RouteGuard, guarded } from './RouteGuard';

/** Turns plugins into react-admin <Resource>s, each view behind its route guard. */
export const pluginResources = (plugins: readonly ConsolePlugin[]) =>
    plugins.flatMap(plugin =>
        (plugin.resources ?? []).map(r => (
            <Resource
                key={r.name}
                name={r.name}
                list={guarded(r.list, r.selfGuarded?.includes('list') ? undefined : r.routeKey)}
                show={guarded(r.show, r.selfGuarded?.includes('show') ? undefined : r.routeKey)}
                edit={guarded(r.edit, r.selfGuarded?.includes('edit') ? undefined : r.routeKey)}
                create={guarded(r.create, r.selfGuarded?.includes('create') ? undefined : r.routeKey)}
                icon={r.icon}
                recordRepresentation={r.recordRepresentation as never}
            />
        )),
    );

/** The plugins' custom routes, inside the layout. */
export const pluginRoutes = (plugins: readonly ConsolePlugin[]) => (
    <CustomRoutes>
        {plugins.flatMap(plugin =>
            (plugin.routes ?? []).map(route => (
                <Route key={route.path} path={route.path} element={<RouteGuard routeKey={route.routeKey}>{route.element}</RouteGuard>} />
            )),
        )}
    </CustomRoutes>
);

/**
 * Starts fetching the code of the screen at `pathname` (a list, a page, a
 * custom route made with onDemand) while the rest of the console boots and
 * the session loads, rather than after the first render asks for it.
 */
export const preloadScreen = (plugins: readonly ConsolePlugin[], pathname: string) => {
    const routes = plugins.flatMap(p => p.routes ?? []).filter(route => matchPath(route.path, pathname));
    for (const route of routes) void preloadComponent(route.element.type);
    if (routes.length) return;
    const [, first, second] = pathname.split('/');
    for (const r of plugins.flatMap(p => p.resources ?? []))
        if (r.name === first) void preloadComponent(!second ? r.list : second === 'create' ? r.create : (r.edit ?? r.show));
};
