import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ConsolePlugin } from './types';
import { RouteGuard, guarded } from './RouteGuard';

/** Turns plugins into react-admin <Resource>s, each view behind its route guard. */
export const pluginResources = (plugins: ConsolePlugin[]) =>
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
export const pluginRoutes = (plugins: ConsolePlugin[]) => (
    <CustomRoutes>
        {plugins.flatMap(plugin =>
            (plugin.routes ?? []).map(route => (
                <Route key={route.path} path={route.path} element={<RouteGuard routeKey={route.routeKey}>{route.element}</RouteGuard>} />
            )),
        )}
    </CustomRoutes>
);
