import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider, loadAllTexts } from '../../src/i18n';
import type { Session } from '../../src/session/session';
import type { SessionFlags } from '../../contract/session';
import type { Role } from '../../contract/roles';

// The screens under test show features' texts, which the console loads with its layout.
await loadAllTexts();
/** A signed-in session for component tests. */
export const testSession = (role: Role = 'admin', flags: Partial<SessionFlags> = {}, overrides: Partial<Session> = {}): Session => ({
    me: {
        id: 1,
        name: 'Jane Doe',
        email: 'jane@example.com',
        role,
        account: { id: 10, name: 'Contoso Offices', main: false },
        locale: null,
        default_locale: null,
        accepted_tos: true,
        password_changed: true,
        tfa_enabled: false,
        external_user: false,
        menu: [],
    },
    role,
    flags: {
        role,
        cloud: false,
        singleTenantInstallation: false,
        singleTenant: false,
        acsEnabled: true,
        agEnabled: true,
        optOutEnabled: true,
        enrollmentEnabled: true,
        accountENREnabled: true,
        tfaEnabled: false,
        ...flags,
    },
    ownAccountId: 10,
    currentAccountId: 10,
    currentAccount: { id: 10, name: 'Contoso Offices' },
    loginProvider: {
        provider: 'local',
        platformInstallation: 'on-premise',
        singleTenant: false,
        acsServiceRunning: true,
        enrollmentEnabled: true,
        alternateLogin: false,
    },
    platformVersion: '1.2.3.45',
    isAdmin: role === 'admin',
    ...overrides,
});

export const testAuthProvider = (session: Session): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: session.me.id, fullName: session.me.name }),
    getPermissions: async () => session,
    canAccess: async () => true,
});

/**
 * Renders inside react-admin's AdminContext with the real i18n provider, a
 * memory store and a router at `path`, as STYLE.md asks.
 */
export const renderInAdmin = (
    ui: ReactNode,
    options: { dataProvider?: Partial<DataProvider>; session?: Session; path?: string; authProvider?: AuthProvider } = {},
) => {
    const session = options.session ?? testSession();
    return render(
        <MemoryRouter initialEntries={[options.path ?? '/']}>
            <AdminContext
                dataProvider={testDataProvider(options.dataProvider ?? {})}
                authProvider={options.authProvider ?? testAuthProvider(session)}
                i18nProvider={i18nProvider}
                store={memoryStore()}
                // No retries in tests: a failure shows at once.
                queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
            >
                {ui}
            </AdminContext>
        </MemoryRouter>,
    );
};
