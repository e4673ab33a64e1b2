import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from './credentials.mjs';
import { mailsTo, shot, signIn } from './console';

/** The dealer's host name, resolved to this machine by the browser alone (no DNS, no hosts file). */
const HOST = 'access.northwind.example';
const port = Number(process.env.E2E_PORT ?? 8181);

test.use({
    actionTimeout: 15_000,
    launchOptions: {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    },
});

test('a dealer sets its brand; a customer’s moderator signs in at the dealer’s host name, wears it, and so does an invitation', async ({
    page,
    browser,
    request,
}, info) => {
    test.setTimeout(120_000);
    const login = await request.post('/api/v2/login', { data: { username: E2E.dealer, password: E2E.demoPassword } });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const dealerAccount = (await (await request.get('/api/v2/me', { headers })).json()).account.id as number;
    try {
        // the dealer, in its own account's Brand tab
        await page.goto('/login');
        await expect(page.getByTestId('brand-mark')).toContainText('Access Console');
        await signIn(page, E2E.dealer);
        // signed in (the session stored) before the page is loaded anew
        await expect(page.getByText(/^Welcome, /)).toBeVisible();
        await page.goto(`/accounts/${dealerAccount}`);
        await page.getByRole('tab', { name: 'Brand' }).click();
        await page.getByLabel(/Product name/).fill('Northwind Access');
        await page.getByLabel('Primary colour').fill('#1a237e');
        await page.getByLabel('Secondary colour').fill('#ff6f00');
        await page.getByLabel('Host names').fill(HOST);
        await page.getByRole('button', { name: 'Save the brand' }).click();
        await expect(page.getByText('This account has its own brand: its users and the accounts below it see it.')).toBeVisible();
        const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#ff6f00' } })
            .png()
            .toBuffer();
        await page
            .locator('input[type="file"][accept^="image/png"]')
            .setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: logo });
        await expect(page.getByRole('img', { name: 'Logo' })).toBeVisible();
        await shot(page, info, 'brand-dealer-sets');

        // a moderator of a customer of the dealer, at the dealer's host name: the brand before and after sign-in
        const context = await browser.newContext({ baseURL: `http://${HOST}:${port}` });
        const moderator = await context.newPage();
        await moderator.goto('/login');
        const mark = moderator.getByTestId('brand-mark');
        await expect(mark).toContainText('Northwind Access');
        await expect(mark.locator('img')).toHaveAttribute('src', new RegExp(`/api/v2/branding/logos/${dealerAccount}\\?v=\\d+$`));
        // the product's mark is written in the brand's primary colour
        await expect(mark).toHaveCSS('color', 'rgb(26, 35, 126)');
        await shot(moderator, info, 'brand-sign-in-page');
        await signIn(moderator, E2E.moderator);
        await expect(moderator.getByText(/^Welcome, /)).toBeVisible();
        await expect(moderator).toHaveTitle('Northwind Access');
        const bar = moderator.locator('header').first();
        await expect(bar.getByTestId('brand-mark')).toContainText('Northwind Access');
        await expect(bar).toHaveCSS('background-color', 'rgb(26, 35, 126)');
        await shot(moderator, info, 'brand-console');

        // the moderator invites a person: the mail, as the SMTP server received it, wears the dealer's brand
        await moderator.goto('/web-enrollments');
        await moderator.getByRole('button', { name: 'Create invites' }).click();
        const person = moderator.getByRole('group', { name: 'Person 1' });
        await person.getByLabel('Name').fill('Ada Branded');
        await person.getByLabel('E-mail').fill('ada.branded@e2e.test');
        await moderator.getByRole('button', { name: 'Send the invitation' }).click();
        await expect(moderator.getByText('1 invitation sent')).toBeVisible();
        const [mail] = await mailsTo(request, 'ada.branded@e2e.test');
        expect(mail).toMatch(/^From: Northwind Access <[^>]+>$/m);
        expect(mail).toContain('Subject: Invitation to enroll your face');
        expect(mail).toMatch(new RegExp(`<img src="[^"]+/api/v2/branding/logos/${dealerAccount}\\?v=\\d+" alt="Northwind Access"`));
        // its button in the brand's colour, its signature the brand's name
        expect(mail).toContain('background: #1a237e');
        expect(mail).toMatch(/^Northwind Access$/m);
        await context.close();

        // any other host name: the platform's own look before sign-in
        const elsewhere = await browser.newContext();
        const other = await elsewhere.newPage();
        await other.goto(`http://127.0.0.1:${port}/login`);
        await expect(other.getByTestId('brand-mark')).toContainText('Access Console');
        await elsewhere.close();
    } finally {
        await request.delete(`/api/v2/accounts/${dealerAccount}/branding`, { headers });
    }
});
