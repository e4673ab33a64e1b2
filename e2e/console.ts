import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import { E2E } from './credentials.mjs';

/** The sign-in screen. */
export const signIn = async (page: Page, email: string, password = email === E2E.admin.email ? E2E.admin.password : E2E.demoPassword) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
};

/** Signs the admin in; the terms come first at the admin's first sign-in of the platform. */
export const signInAdmin = async (page: Page) => {
    await page.goto('/login');
    await signIn(page, E2E.admin.email);
    const terms = page.getByRole('heading', { name: 'Terms of service' });
    const welcome = page.getByText('Welcome, Platform Administrator');
    await expect(terms.or(welcome)).toBeVisible();
    if (await terms.isVisible()) await page.getByRole('button', { name: 'Accept' }).click();
    await expect(welcome).toBeVisible();
};

export const logOut = async (page: Page) => {
    // the app bar hides while the page is scrolled down
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
};

/** A screenshot kept with the test results. */
export const shot = async (page: Page, info: TestInfo, name: string) => {
    const path = `test-results/screenshots/${name}.png`;
    await page.screenshot({ path, fullPage: true });
    await info.attach(name, { path, contentType: 'image/png' });
};

/** The API as the platform admin, to arrange what a journey needs. */
export const adminApi = async (request: APIRequestContext) => {
    const login = await request.post('/api/v2/login', { data: { username: E2E.admin.email, password: E2E.admin.password } });
    const { token } = await login.json();
    const headers = { authorization: `Bearer ${token}` };
    return {
        get: async (url: string) => (await request.get(`/api/v2${url}`, { headers })).json(),
        put: async (url: string, data: unknown) => request.put(`/api/v2${url}`, { headers, data }),
        post: async (url: string, data: unknown) => request.post(`/api/v2${url}`, { headers, data }),
    };
};

export const totp = (secret: string, offsetSteps = 0) =>
    new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + offsetSteps * 30_000,
    });

/** The messages the platform sent to an address, as received by the SMTP server of e2e/mailSink.mjs (quoted-printable undone). */
export const mailsTo = async (request: APIRequestContext, to: string, atLeast = 1): Promise<string[]> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
        const raw = (await (
            await request.get(`http://127.0.0.1:${E2E.mail.httpPort}/messages?to=${encodeURIComponent(to)}`)
        ).json()) as string[];
        if (raw.length >= atLeast)
            return raw.map(m =>
                m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            );
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise(r => setTimeout(r, 200));
    }
};
