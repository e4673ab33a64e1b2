import { expect, test, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { logOut, shot, signIn } from './console';

test.describe.configure({ mode: 'serial' });

/** Signs in through the form in the language shown, with the demo dealer. */
const signInAs = async (page: Page, texts: { email: string; password: string; submit: string }) => {
    await page.getByLabel(texts.email).fill(E2E.dealer);
    await page.getByLabel(texts.password, { exact: true }).fill(E2E.demoPassword);
    await page.getByRole('button', { name: texts.submit }).click();
};

test.describe('a German browser', () => {
    test.use({ locale: 'de-DE' });
    test('gets the sign-in page and the dashboard in German', async ({ page }, info) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
        await expect(page.getByText('Passwort vergessen?')).toBeVisible();
        await shot(page, info, 'login-de');
        await signInAs(page, { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' });
        await expect(page.getByText(/^Willkommen, /)).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Geräte', exact: true })).toBeVisible();
        await shot(page, info, 'dashboard-de');
        // dates as German writes them (28.11.2026, 18:03:03), not SPEC 9's English YYYY-MM-DD
        await page.goto('/events');
        const rows = page.locator('table tbody').first();
        await expect(rows.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/).first()).toBeVisible();
        await expect(rows.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toHaveCount(0);
        await shot(page, info, 'events-de');
    });
});

test.describe('a Spanish browser', () => {
    test.use({ locale: 'es-MX' });
    test('gets the sign-in page and the dashboard in Spanish', async ({ page }, info) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
        await shot(page, info, 'login-es');
        await signInAs(page, { email: 'Correo electrónico', password: 'Contraseña', submit: 'Iniciar sesión' });
        await expect(page.getByText(/^Le damos la bienvenida, /)).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Dispositivos', exact: true })).toBeVisible();
        await shot(page, info, 'dashboard-es');
    });
});

test.describe('a Dutch browser', () => {
    test.use({ locale: 'nl-BE' });
    test('gets the sign-in page and the dashboard in Dutch', async ({ page }, info) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
        await signInAs(page, { email: 'E-mail', password: 'Wachtwoord', submit: 'Inloggen' });
        await expect(page.getByText(/^Welkom, /)).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Apparaten', exact: true })).toBeVisible();
        await shot(page, info, 'dashboard-nl');
    });
});

test.describe('an Arabic browser', () => {
    test.use({ locale: 'ar-EG' });
    test('gets the sign-in page and the dashboard in Arabic, laid out right to left', async ({ page }, info) => {
        await page.goto('/');
        const submit = page.getByRole('button', { name: 'تسجيل الدخول' });
        await expect(submit).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
        // the fields' labels sit at their right edge, as Arabic reads
        const field = page.getByLabel('البريد الإلكتروني');
        const label = page.getByText('البريد الإلكتروني', { exact: true }).first();
        const [fieldBox, labelBox] = [(await field.boundingBox())!, (await label.boundingBox())!];
        expect(fieldBox.x + fieldBox.width - (labelBox.x + labelBox.width)).toBeLessThan(fieldBox.width / 3);
        await shot(page, info, 'login-ar');
        await signInAs(page, { email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول' });
        await expect(page.getByText(/^مرحبًا، /)).toBeVisible();
        const devices = page.getByRole('menuitem', { name: 'الأجهزة', exact: true });
        await expect(devices).toBeVisible();
        // the menu is on the right of the screen, the content to its left
        const width = page.viewportSize()!.width;
        const menu = (await devices.boundingBox())!;
        expect(menu.x).toBeGreaterThan(width / 2);
        await shot(page, info, 'dashboard-ar');
    });
});

test.describe('a Japanese browser', () => {
    test.use({ locale: 'ja-JP', viewport: { width: 1024, height: 900 } });
    test('gets the console in Japanese, its folded menu one icon a row', async ({ page }, info) => {
        await page.goto('/');
        await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
        await signInAs(page, { email: 'メールアドレス', password: 'パスワード', submit: 'ログイン' });
        await expect(page.getByText(/^ようこそ、/)).toBeVisible();
        const entry = page.getByRole('menuitem', { name: 'セキュリティイベント', exact: true });
        await expect(entry).toBeVisible();
        // below 1200 px the menu folds to its icons; Japanese breaks between any two characters, so a hidden
        // label allowed to wrap would stretch its entry over many rows
        const heights = await page.getByRole('menuitem').evaluateAll(items => items.map(i => i.getBoundingClientRect().height));
        expect(Math.max(...heights)).toBeLessThan(56);
        await shot(page, info, 'dashboard-ja');
    });
});

test.describe('a language chosen in the user menu', () => {
    test.use({ locale: 'en-US' });
    test('follows the user to another browser at the next sign-in, then back to English', async ({ browser, page }) => {
        await page.goto('/');
        await signInAs(page, { email: 'Email', password: 'Password', submit: 'Sign in' });
        await expect(page.getByText(/^Welcome, /)).toBeVisible();
        await page.getByRole('button', { name: 'Profile', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Deutsch' }).click();
        await expect(page.getByRole('menuitem', { name: 'Geräte', exact: true })).toBeVisible();

        // another browser, in English: the sign-in page is English, the console after sign-in German
        const other = await browser.newContext({ locale: 'en-US' });
        const second = await other.newPage();
        await second.goto('/');
        await signInAs(second, { email: 'Email', password: 'Password', submit: 'Sign in' });
        await expect(second.getByRole('menuitem', { name: 'Geräte', exact: true })).toBeVisible();
        await second.getByRole('button', { name: 'Benutzermenü', exact: true }).click();
        await second.getByRole('menuitem', { name: 'English' }).click();
        await expect(second.getByRole('menuitem', { name: 'Devices', exact: true })).toBeVisible();
        await other.close();
    });
});

test.describe('the language a dealer’s brand sets', () => {
    test.use({ locale: 'en-US' });
    test('a customer’s manager who chose none signs in to it; a language chosen in the user menu wins', async ({ page, request }) => {
        const login = await request.post('/api/v2/login', { data: { username: E2E.dealer, password: E2E.demoPassword } });
        const headers = { authorization: `Bearer ${(await login.json()).token}` };
        const dealerAccount = (await (await request.get('/api/v2/me', { headers })).json()).account.id as number;
        const brand = { product_name: 'Northwind Access', primary_color: '#1a237e', secondary_color: '#ff6f00', default_locale: 'fr' };
        expect((await request.put(`/api/v2/accounts/${dealerAccount}/branding`, { headers, data: brand })).status()).toBe(200);
        try {
            // an English browser, a user who never chose: the console speaks the dealer's French
            await page.goto('/login');
            await signIn(page, E2E.manager);
            const accept = page.getByRole('button', { name: /^(Accept|Accepter)$/ });
            const devicesFr = page.getByRole('menuitem', { name: 'Appareils', exact: true });
            await expect(accept.or(devicesFr)).toBeVisible();
            if (await accept.isVisible()) await accept.click();
            await expect(devicesFr).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

            // English chosen in the user menu is the user's own: it stays at the next sign-in
            await page.getByRole('button', { name: 'Profil', exact: true }).click();
            await page.getByRole('menuitem', { name: 'English' }).click();
            await expect(page.getByRole('menuitem', { name: 'Devices', exact: true })).toBeVisible();
            await logOut(page);
            await signIn(page, E2E.manager);
            await expect(page.getByRole('menuitem', { name: 'Devices', exact: true })).toBeVisible();
        } finally {
            await request.delete(`/api/v2/accounts/${dealerAccount}/branding`, { headers });
        }
    });
});
