import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '../../contract/constants';
import type { IdentityProviderReply } from '../../contract/sso';
import { authProvider } from '../../src/authProvider';
import { dataProvider } from '../../src/dataProvider';
import { AppNotification } from '../../src/notifications/AppNotification';
import { LoginPage } from '../../src/pages/LoginPage';
import { ResourceContextProvider } from 'react-admin';
import { PluginSlotsContext } from '../../src/plugins/slots';
import { AccountEdit } from '../../src/resources/accounts/AccountViews';
import { ssoPlugin } from '../../src/resources/sso/plugin';
import { LoginPreferencesSection } from '../../src/resources/sso/LoginPreferencesSection';
import { SsoConfigSection } from '../../src/resources/sso/SsoConfigSection';
import { renderInAdmin, testSession } from './render';

afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
});

const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const Where = () => {
    const l = useLocation();
    return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
};

/** The server as the login page sees it: /login_provider and, after a single sign-on, the session's calls. */
const server = (provider: string, alternateLogin: boolean) => {
    const fetch = vi.fn(async (input: string | URL | Request) => {
        const url = new URL(String(input), 'http://console.test');
        switch (url.pathname) {
            case '/api/v2/login_provider':
                return json(200, {
                    provider,
                    alternateLogin,
                    platformInstallation: 'on-premise',
                    singleTenant: false,
                    acsServiceRunning: true,
                    enrollmentEnabled: true,
                });
            case '/api/v2/me':
                return json(200, {
                    ...testSession('moderator').me,
                    external_user: true,
                    account: { id: 1, name: 'Platform', main: true },
                });
            case '/api/v2/version':
                return json(200, { platform_version: '1.2.3' });
            case '/api/v2/accounts/1/options':
                return json(200, { options: [] });
            default:
                return json(404, { error: 'no', request_id: 'r' });
        }
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
};
const login = (path = '/login') =>
    renderInAdmin(
        <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/alternate" element={<LoginPage />} />
            <Route path="/" element={<Where />} />
        </Routes>,
        { authProvider, path },
    );

describe('login page with single sign-on', () => {
    it('local, or a directory (its users type their directory password): the password form only', async () => {
        for (const provider of ['local', 'directory']) {
            server(provider, false);
            const page = login();
            expect(await screen.findByLabelText('Email')).toBeInTheDocument();
            expect(screen.queryByRole('button', { name: 'Sign in with single sign-on' })).toBeNull();
            page.unmount();
        }
    });

    it('both: the SSO button, which goes to /api/v2/sso/login, and the password form beside it', async () => {
        server('oidc', true);
        const assign = vi.fn();
        vi.stubGlobal('location', { ...window.location, assign });
        login();
        fireEvent.click(await screen.findByRole('button', { name: 'Sign in with single sign-on' }));
        expect(assign).toHaveBeenCalledWith('/api/v2/sso/login');
        expect(screen.getByLabelText('Email')).toBeInTheDocument();
    });

    it('SSO only: the password form is behind "Sign in with a local account"; /alternate shows it at once', async () => {
        server('saml', false);
        const first = login();
        expect(await screen.findByRole('button', { name: 'Sign in with single sign-on' })).toBeInTheDocument();
        expect(screen.queryByLabelText('Email')).toBeNull();
        fireEvent.click(screen.getByRole('button', { name: 'Sign in with a local account' }));
        expect(screen.getByLabelText('Email')).toBeInTheDocument();
        first.unmount();

        login('/alternate');
        expect(await screen.findByLabelText('Email')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Sign in with single sign-on' })).toBeNull();
    });

    it('shows a SPEC 8.5 text sent back by the server, and nothing else but the generic error', async () => {
        server('oidc', false);
        const first = login(`/login?sso_error=${encodeURIComponent('Unable to match external user groups/roles to product roles')}`);
        expect(await screen.findByText('Unable to match external user groups/roles to product roles')).toBeInTheDocument();
        first.unmount();
        login(`/login?sso_error=${encodeURIComponent('<b>Call 555-0100 for help</b>')}`);
        expect(await screen.findByText('Error during login')).toBeInTheDocument();
        expect(screen.queryByText(/555-0100/)).toBeNull();
    });

    it('keeps the tokens of ?token=&refresh_token= as a sign-in does, in session storage too, and goes to the dashboard', async () => {
        const fetch = server('oidc', false);
        login('/login?token=access.jwt.value&refresh_token=refresh-value');
        await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
        expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('access.jwt.value');
        expect(sessionStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-value');
        expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access.jwt.value');
        const me = fetch.mock.calls.find(([u]) => String(u).includes('/api/v2/me'));
        expect(new Headers((me as unknown as [string, RequestInit])[1].headers).get('authorization')).toBe('Bearer access.jwt.value');
    });
});

const stored: IdentityProviderReply = {
    kind: 'oidc',
    settings: { domain: 'https://login.corp.test', client_id: 'console', groups_claim: 'groups', scopes: 'openid profile email' },
    secrets: { client_secret_set: true },
    role_mapping: [
        { group: 'IT-Admins', role: 'moderator' },
        { group: 'Staff', role: 'user' },
    ],
    keytab: null,
    service_provider: {
        oidc_redirect_uri: 'https://console.corp.test/api/v2/sso/oidc/callback',
        saml_acs_url: 'https://console.corp.test/api/v2/sso/saml/acs',
        saml_entity_id: 'https://console.corp.test',
    },
    updated_at: '2026-11-26T05:00:00Z',
    updated_by: 'Admin',
};

type Call = (path: string, options?: { method?: string; body?: unknown; query?: Record<string, unknown> }) => Promise<unknown>;
const ssoSection = (providers: IdentityProviderReply[], role: 'admin' | 'moderator' = 'admin', onPut?: Call) => {
    const call = vi.fn<Call>(async (path, options) => {
        if (path.endsWith('/service_provider')) return stored.service_provider;
        if (options?.method === 'PUT') return onPut ? onPut(path, options) : stored;
        return providers;
    });
    renderInAdmin(
        <>
            <SsoConfigSection accountId={1} />
            <AppNotification />
        </>,
        { session: testSession(role), dataProvider: { call } as never },
    );
    return call;
};

describe('SSO configuration section', () => {
    it('shows the stored secret only as set, and leaves it out of the save unless changed', async () => {
        const call = ssoSection([stored]);
        expect(await screen.findByLabelText('Client ID')).toHaveValue('console');
        expect(screen.getByText('Set')).toBeInTheDocument();
        expect(screen.queryByLabelText('Client secret')).toBeNull();
        expect(screen.getAllByLabelText('External group or role').map(i => (i as HTMLInputElement).value)).toEqual(['IT-Admins', 'Staff']);
        expect(screen.getByLabelText('Redirect URI')).toHaveValue('https://console.corp.test/api/v2/sso/oidc/callback');

        fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'console-2' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() =>
            expect(call).toHaveBeenCalledWith('/accounts/1/identity_providers', expect.objectContaining({ method: 'PUT' })),
        );
        const put = call.mock.calls.find(([, o]) => o?.method === 'PUT')![1]!.body as Record<string, unknown>;
        expect(put).toEqual({
            kind: 'oidc',
            settings: { domain: 'https://login.corp.test', client_id: 'console-2', groups_claim: 'groups', scopes: 'openid profile email' },
            role_mapping: stored.role_mapping,
        });
        expect(await screen.findByText('SSO configuration saved')).toBeInTheDocument();

        fireEvent.click(screen.getByRole('button', { name: 'Change' }));
        fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 'new-secret' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(call.mock.calls.filter(([, o]) => o?.method === 'PUT')).toHaveLength(2));
        expect((call.mock.calls.filter(([, o]) => o?.method === 'PUT')[1]![1]!.body as { secrets: unknown }).secrets).toEqual({
            client_secret: 'new-secret',
        });
    });

    it('asks for at least one role mapping before sending anything', async () => {
        const call = ssoSection([stored]);
        await screen.findByLabelText('Client ID');
        for (const remove of screen.getAllByRole('button', { name: 'Remove this mapping' }).reverse()) fireEvent.click(remove);
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(
            await screen.findByText(
                'Map at least one role (Account administrator, Account manager or Account user) to an external group or role',
            ),
        ).toBeInTheDocument();
        expect(call.mock.calls.some(([, o]) => o?.method === 'PUT')).toBe(false);
    });

    it('shows the server field errors under their fields', async () => {
        ssoSection([], 'admin', async () => {
            throw Object.assign(new Error('Validation error'), {
                status: 400,
                body: { error: 'Validation error', fields: { 'settings.domain': 'Invalid URL' } },
            });
        });
        fireEvent.change(await screen.findByLabelText('Domain (issuer URL)'), { target: { value: 'https://x.test' } });
        fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'c' } });
        fireEvent.change(screen.getByLabelText('External group or role'), { target: { value: 'Staff' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    });

    it('SAML shows the values to give the identity provider; a directory its keytab', async () => {
        ssoSection([
            { ...stored, kind: 'directory', settings: { server_address: 'ldaps://dc1:636' }, secrets: { bind_password_set: true } },
        ]);
        expect(await screen.findByLabelText('Server address')).toHaveValue('ldaps://dc1:636');
        expect(screen.getByText('No keytab uploaded')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Upload a keytab' })).toBeInTheDocument();
        fireEvent.mouseDown(screen.getByLabelText('Identity provider'));
        fireEvent.click(within(screen.getByRole('listbox')).getByText('SAML 2.0'));
        fireEvent.change(screen.getByLabelText('Entity ID'), { target: { value: 'https://console.corp.test/saml' } });
        expect(screen.getByLabelText('Entity ID (audience)')).toHaveValue('https://console.corp.test/saml');
        expect(screen.getByLabelText('Assertion consumer service (ACS) URL')).toHaveValue('https://console.corp.test/api/v2/sso/saml/acs');
        expect(screen.getByLabelText('Assertion key')).toHaveValue('memberOf');
    });

    it('uploads a directory keytab as a form and shows what the server kept of it', async () => {
        const directory = {
            ...stored,
            kind: 'directory' as const,
            settings: { server_address: 'ldaps://dc1:636' },
            secrets: { bind_password_set: true },
        };
        let keytab: IdentityProviderReply['keytab'] = null;
        const call = vi.fn<Call>(async (path, options) => {
            if (path.endsWith('/service_provider')) return stored.service_provider;
            if (path.endsWith('/keytab') && options?.method === 'POST') {
                keytab = { name: 'console.keytab', size: 42, uploaded_at: '2026-11-26T05:00:00Z' };
                return keytab;
            }
            return [{ ...directory, keytab }];
        });
        renderInAdmin(<SsoConfigSection accountId={1} />, { session: testSession('moderator'), dataProvider: { call } as never });
        const input = await screen.findByLabelText('Upload a keytab');
        const file = new File([new Uint8Array([5, 2, 0, 0])], 'console.keytab');
        fireEvent.change(input, { target: { files: [file] } });
        expect(await screen.findByText(/console\.keytab, 42 bytes/)).toBeInTheDocument();
        const [, options] = call.mock.calls.find(([p, o]) => p === '/accounts/1/identity_providers/keytab' && o?.method === 'POST')!;
        expect((options!.body as FormData).get('file')).toBe(file);
        expect(screen.getByRole('button', { name: 'Remove the keytab' })).toBeInTheDocument();
    });

    it('is read-only for a role without the write right', async () => {
        // No role but admin and moderator reaches the section; a moderator may write, so a session downgraded to manager reads.
        ssoSection([stored], 'manager' as never);
        expect(await screen.findByLabelText('Client ID')).toBeDisabled();
        expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    });
});

describe('login preferences section', () => {
    const users = [
        { id: 1, name: 'Admin', email: 'admin@x.test', role: 'admin', external_user: false },
        { id: 2, name: 'Mod Local', email: 'mod@x.test', role: 'moderator', external_user: false },
        { id: 3, name: 'Mod External', email: 'ext', role: 'moderator', external_user: true },
        { id: 4, name: 'Manager', email: 'man@x.test', role: 'manager', external_user: false },
    ];
    const section = (role: 'admin' | 'moderator', providers: unknown[] = [stored]) => {
        // the account's users come through the dataProvider's getList (resource users, filtered by account)
        const getList = vi.fn(async () => ({ data: users, total: users.length }));
        const call = vi.fn<Call>(async (path, options) => {
            if (path.endsWith('/options'))
                return { options: options?.method === 'PUT' ? (options.body as { options: unknown[] }).options : [] };
            if (path.endsWith('/identity_providers')) return providers;
            if (options?.method === 'PUT') return options.body;
            return { mode: 'local', break_glass_user_id: null };
        });
        renderInAdmin(
            <>
                <LoginPreferencesSection accountId={1} />
                <AppNotification />
            </>,
            { session: testSession(role), dataProvider: { call, getList } as never },
        );
        return call;
    };

    it('SSO only asks for a break-glass user among the local administrators, and saves with the two-factor option', async () => {
        const call = section('admin');
        fireEvent.click(await screen.findByLabelText('Single sign-on only'));
        fireEvent.mouseDown(screen.getByLabelText('Break-glass local user'));
        const options = within(screen.getByRole('listbox'))
            .getAllByRole('option')
            .map(o => o.textContent);
        expect(options).toEqual(['Admin (admin@x.test)', 'Mod Local (mod@x.test)']);
        fireEvent.click(within(screen.getByRole('listbox')).getByText('Mod Local (mod@x.test)'));
        fireEvent.click(screen.getByLabelText('Require two-factor authentication for local users of this account'));
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() =>
            expect(call).toHaveBeenCalledWith('/accounts/1/login_preferences', {
                method: 'PUT',
                body: { mode: 'sso', break_glass_user_id: 2 },
                noAccount: true,
            }),
        );
        await waitFor(() =>
            expect(call).toHaveBeenCalledWith('/accounts/1/options', {
                method: 'PUT',
                body: { options: [{ type: 'bool', name: 'tfa/enabled', value: 'true' }] },
            }),
        );
        expect(await screen.findByText('Login preferences saved')).toBeInTheDocument();
    });

    it('offers SSO only once a provider is configured; a moderator cannot change the account option', async () => {
        section('moderator', []);
        expect(await screen.findByText('Configure an identity provider in the SSO configuration first.')).toBeInTheDocument();
        expect(screen.getByLabelText('Single sign-on only')).toBeDisabled();
        expect(screen.getByLabelText('Local accounts only (e-mail and password)')).toBeEnabled();
        expect(screen.getByLabelText('Require two-factor authentication for local users of this account')).toBeDisabled();
    });
});

describe('the sections on the account page', () => {
    const page = async (main: boolean, role: 'admin' | 'moderator') => {
        const account = { id: 7, name: main ? 'Platform' : 'Contoso', main, type: main ? 'platform' : 'customer', email: 'a@b.test' };
        renderInAdmin(
            <PluginSlotsContext.Provider value={{ accountSections: ssoPlugin.accountSections!, appBar: [] }}>
                <Routes>
                    <Route
                        path="/accounts/:id"
                        element={
                            <ResourceContextProvider value="accounts">
                                <AccountEdit />
                            </ResourceContextProvider>
                        }
                    />
                </Routes>
            </PluginSlotsContext.Provider>,
            {
                session: testSession(role),
                path: '/accounts/7',
                dataProvider: { getOne: async () => ({ data: account }) as never, call: async () => ({ options: [] }) } as never,
            },
        );
        await screen.findByRole('tab', { name: 'Details' });
        return screen.getAllByRole('tab').map(t => t.textContent);
    };

    it('are on the main account page only (SPEC 6.1)', async () => {
        expect(await page(true, 'moderator')).toEqual(expect.arrayContaining(['SSO configuration', 'Login preferences']));
    });

    it('and not on any other account page', async () => {
        const tabs = await page(false, 'admin');
        expect(tabs).not.toContain('SSO configuration');
        expect(tabs).not.toContain('Login preferences');
    });
});

describe('a section that cannot load', () => {
    /** The console's own dataProvider in front of a server that fails every request with a request id. */
    const failing = (requestId: string) =>
        vi.stubGlobal(
            'fetch',
            vi.fn(async () => json(500, { error: 'Internal Server Error', request_id: requestId })),
        );

    it('SSO configuration: says so in a notice that keeps the request id, and offers Refresh', async () => {
        failing('req-sso-0c4b');
        renderInAdmin(
            <>
                <SsoConfigSection accountId={1} />
                <AppNotification />
            </>,
            { session: testSession('admin'), dataProvider: dataProvider as never },
        );
        expect(await screen.findByText('Request ID: req-sso-0c4b')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
        expect(screen.queryByLabelText('Client ID')).toBeNull();
    });

    it('login preferences: says so in a notice that keeps the request id, and offers Refresh', async () => {
        failing('req-login-9d21');
        renderInAdmin(
            <>
                <LoginPreferencesSection accountId={1} />
                <AppNotification />
            </>,
            { session: testSession('admin'), dataProvider: dataProvider as never },
        );
        expect(await screen.findByText('Request ID: req-login-9d21')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
        expect(screen.queryByLabelText('Single sign-on only')).toBeNull();
    });
});
