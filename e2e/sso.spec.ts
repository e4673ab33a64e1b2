import { expect, test, type APIRequestContext } from '@playwright/test';
import { STORAGE_KEYS } from '../contract/constants';
import { startOidcProvider, type OidcTestProvider } from '../tests/server/sso/oidcProvider';
import { E2E } from './credentials.mjs';
import { shot } from './console';

/**
 * Single sign-on through a real OpenID provider's own page: the
 * main account offers the SSO button beside the password form, the person
 * signs in at the provider and comes back signed in to the console; a
 * Cancel at the provider comes back to the login page with the SPEC 8.5 text.
 */
test.describe.configure({ mode: 'serial' });

const PERSON = { name: 'Samira Okafor', login: 'samira', password: 'Provider#Pass1', email: 'samira.okafor@sso.e2e.test' };
const GROUP = 'Door Managers';

let provider: OidcTestProvider;
/** The server's public URL: where the provider sends the browser back, so the browser starts there too (its cookie is for that host). */
let publicUrl: string;
let mainId: number;

/** The provider's own login page (its issuer's dots taken literally). */
const atProvider = () => new RegExp(`^${provider.issuer.replace(/[.]/g, '\\.')}/interaction/`);

/** The API as the platform admin, with DELETE, which console.ts's adminApi has not. */
const asAdmin = async (request: APIRequestContext) => {
    const login = await request.post('/api/v2/login', { data: { username: E2E.admin.email, password: E2E.admin.password } });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    return {
        get: async (url: string) => request.get(`/api/v2${url}`, { headers }),
        put: async (url: string, data: unknown) => request.put(`/api/v2${url}`, { headers, data }),
        delete: async (url: string) => request.delete(`/api/v2${url}`, { headers }),
    };
};

test.beforeAll(async ({ request }) => {
    const api = await asAdmin(request);
    publicUrl = (await (await api.get('/system/settings')).json()).public_url;
    const me = await (await api.get('/me')).json();
    expect(me.account.main).toBe(true);
    mainId = me.account.id;
    provider = await startOidcProvider({
        redirectUris: [`${publicUrl}/api/v2/sso/oidc/callback`],
        accounts: [
            {
                sub: 'e2e-samira',
                login: PERSON.login,
                password: PERSON.password,
                claims: { name: PERSON.name, email: PERSON.email, preferred_username: PERSON.email, groups: [GROUP, 'Everyone'] },
            },
        ],
    });
    const configured = await api.put(`/accounts/${mainId}/identity_providers`, {
        kind: 'oidc',
        settings: { domain: provider.issuer, client_id: provider.clientId },
        secrets: { client_secret: provider.clientSecret },
        role_mapping: [{ group: GROUP, role: 'manager' }],
    });
    expect(configured.status()).toBe(200);
    expect((await api.put(`/accounts/${mainId}/login_preferences`, { mode: 'both' })).status()).toBe(200);
});

// The other journeys expect the password form alone, and no user of ours among the main account's.
test.afterAll(async ({ request }) => {
    const api = await asAdmin(request);
    expect((await api.put(`/accounts/${mainId}/login_preferences`, { mode: 'local' })).status()).toBe(200);
    expect((await api.delete(`/accounts/${mainId}/identity_providers`)).status()).toBe(204);
    const users = (await (await api.get(`/users?q=${encodeURIComponent(PERSON.email)}`)).json()).result as { id: number; email: string }[];
    for (const user of users.filter(u => u.email === PERSON.email)) expect((await api.delete(`/users/${user.id}`)).status()).toBe(204);
    await provider?.close();
    expect(await (await request.get('/api/v2/login_provider')).json()).toMatchObject({ provider: 'local' });
});

test("a person of the provider's manager group signs in on the provider's page and lands in the console", async ({ page }, info) => {
    await page.goto(`${publicUrl}/login`);
    const sso = page.getByRole('button', { name: 'Sign in with single sign-on' });
    await expect(sso).toBeVisible();
    // mode both: the password form shows beside the button
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await sso.click();

    // the provider's own page, on its own origin
    await expect(page).toHaveURL(atProvider());
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Login').fill(PERSON.login);
    await page.getByLabel('Password').fill(PERSON.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // a first sign-in: the terms of service, then the dashboard
    await expect(page.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
    expect(page.url()).not.toContain('token');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText(`Welcome, ${PERSON.name}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile', exact: true })).toContainText(PERSON.name);
    expect(new URL(page.url()).origin).toBe(publicUrl);
    expect(page.url()).not.toContain('token');
    await shot(page, info, 'sso-signed-in');

    // signed in for real: the session survives a reload, and it is an Account Manager's as mapped
    await page.reload();
    await expect(page.getByText(`Welcome, ${PERSON.name}`)).toBeVisible();
    const session = await page.evaluate(async key => {
        const token = localStorage.getItem(key);
        return (await fetch('/api/v2/me', { headers: { authorization: `Bearer ${token}` } })).json();
    }, STORAGE_KEYS.token);
    expect(session).toMatchObject({ name: PERSON.name, role: 'manager', external_user: true, account: { id: mainId } });
});

test("Cancel on the provider's page comes back to the login page, which says the provider could not authenticate", async ({
    page,
}, info) => {
    await page.goto(`${publicUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await expect(page).toHaveURL(atProvider());
    await page.getByRole('link', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/login\?sso_error=/);
    await expect(page.getByText('Cannot authenticate to external identity provider')).toBeVisible();
    // nobody is signed in: the button and the form are offered again
    await expect(page.getByRole('button', { name: 'Sign in with single sign-on' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await shot(page, info, 'sso-cancelled');
});

test('a person who opened the console at another address than the public URL still signs in, and ends at the public URL', async ({
    page,
    baseURL,
}) => {
    // the browser journeys open 127.0.0.1 while the server's public URL says localhost: the provider sends the browser back there
    expect(new URL(baseURL!).origin).not.toBe(publicUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await expect(page).toHaveURL(atProvider());
    await page.getByLabel('Login').fill(PERSON.login);
    await page.getByLabel('Password').fill(PERSON.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // the terms were accepted at the first sign-in
    await expect(page.getByText(`Welcome, ${PERSON.name}`)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(publicUrl);
    expect(page.url()).not.toContain('token');
});
