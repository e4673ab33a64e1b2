import { cloneElement, useEffect, useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider, loadAllTexts } from './i18n';
import { styleCaches, useDirection } from './i18n/direction';
import { AppLayout } from './layout/lazy';
import { BRAND, themesFor } from './layout/theme';
import { useBrand } from './session/brand';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ErrorPage } from './pages/ErrorPage';
import { AppNotification } from './notifications/AppNotification';
import { publicRoutes } from './pages/publicRoutes';
import { installedPlugins, pluginSlots } from './plugins/installed';
import { PluginSlotsContext } from './plugins/slots';
import { onDemand } from './plugins/onDemand';
import { pluginResources, pluginRoutes } from './layout/pluginRoutes';
import { consoleStore } from './session/store';

// Pages outside the layout (a link in a mail opens them) show once the features' texts are here.
const WithAllTexts = onDemand(() =>
    loadAllTexts().then(
        () =>
            ({ children }: { children: ReactNode }) =>
                children,
    ),
);

/** The platform's own name, where no brand gives another (docs/decisions.md "Brands per account"). */
const PRODUCT_NAME = 'Access Console';

/** Browser routes, not hash routes: /login, /devices… load directly. */
export const App = () => {
    // The same elements on every render: a brand or a direction that changes renders the console again with new
    // themes, and react-admin would otherwise register its resources again and mount the screen anew (its state lost).
    const plugins = useMemo(() => installedPlugins(), []);
    const slots = useMemo(() => pluginSlots(), []);
    const routes = useMemo(
        () => [
            <CustomRoutes noLayout key="public">
                {[...publicRoutes, ...plugins.flatMap(p => p.publicRoutes ?? [])].map(r => (
                    <Route key={r.path} path={r.path} element={<WithAllTexts>{r.element}</WithAllTexts>} />
                ))}
            </CustomRoutes>,
            cloneElement(pluginRoutes(plugins), { key: 'plugins' }),
            ...pluginResources(plugins),
        ],
        [plugins],
    );
    const direction = useDirection();
    const brand = useBrand();
    const themes = useMemo(() => {
        const { light, dark } = themesFor(brand ? { primary: brand.primary_color, secondary: brand.secondary_color } : BRAND);
        return { light: { ...light, direction }, dark: { ...dark, direction } };
    }, [brand, direction]);
    const title = brand?.product_name ?? PRODUCT_NAME;
    useEffect(() => {
        document.title = title;
    }, [title]);
    return (
        <CacheProvider value={styleCaches[direction]}>
            <BrowserRouter>
                <PluginSlotsContext.Provider value={slots}>
                    <Admin
                        title={title}
                        dataProvider={dataProvider}
                        authProvider={authProvider}
                        i18nProvider={i18nProvider}
                        store={consoleStore}
                        layout={AppLayout}
                        dashboard={plugins.find(p => p.dashboard)?.dashboard}
                        loginPage={LoginPage}
                        catchAll={NotFoundPage}
                        error={ErrorPage}
                        theme={themes.light}
                        darkTheme={themes.dark}
                        notification={AppNotification}
                        disableTelemetry
                    >
                        {routes}
                    </Admin>
                </PluginSlotsContext.Provider>
            </BrowserRouter>
        </CacheProvider>
    );
};
