import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E } from './credentials.mjs';
import { logOut, mailsTo, shot, signIn } from './console';

test('a moderator invites a person, who signs and takes a picture on a phone, and is an active profile', async ({
    page,
    browser,
    request,
}, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.goto('/web-enrollments');
    await page.getByRole('button', { name: 'Create invites' }).click();
    const person = page.getByRole('group', { name: 'Person 1' });
    await person.getByLabel('Name').fill('Katherine Johnson');
    await person.getByLabel('E-mail').fill('katherine@e2e.test');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByText('1 invitation sent')).toBeVisible();
    await expect(page.getByRole('row', { name: /Katherine Johnson.*Sent/ })).toBeVisible();

    // The invitation arrives by SMTP, with the link.
    const [mail] = await mailsTo(request, 'katherine@e2e.test');
    expect(mail).toContain('Subject: Invitation to enroll your face');
    const link = /https?:\/\/[^\s"<]+\/enroll\/[\w.-]+/.exec(mail!)![0];

    // On a phone, in a fresh browser: no session, only the link.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const enroll = await phone.newPage();
    await enroll.goto(new URL(link).pathname);
    await expect(enroll.getByRole('heading', { name: 'Welcome, Katherine Johnson' })).toBeVisible();
    await expect(enroll.getByText('Contoso Offices')).toBeVisible();
    // the consent document is drawn whole at the phone's width, each page readable, not a cropped frame
    const firstPage = enroll.getByRole('img', { name: /^Page 1 of \d+$/ });
    await expect(firstPage).toBeVisible();
    const shown = (await enroll.getByRole('document', { name: 'Consent document' }).boundingBox())!;
    const drawn = (await firstPage.boundingBox())!;
    expect(drawn.width).toBeGreaterThan(300);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(shown.x + shown.width + 1);
    expect(await enroll.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(enroll, info, 'enroll-consent-phone');
    const pad = enroll.getByRole('img', { name: 'Signature area' });
    // under the document: the pointer draws only on what the screen shows
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await enroll.mouse.move(box.x + 20, box.y + box.height / 2);
    await enroll.mouse.down();
    for (let x = 30; x < box.width - 20; x += 15) await enroll.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 10) * 20);
    await enroll.mouse.up();
    await enroll.getByRole('button', { name: 'I consent and sign' }).click();

    await expect(enroll.getByRole('group', { name: 'Your picture' })).toBeVisible();
    await enroll.getByRole('button', { name: 'Open the camera' }).click();
    await enroll.getByRole('button', { name: 'Take the picture' }).click();
    await expect(enroll.getByRole('img', { name: 'Your picture' })).toBeVisible();
    await shot(enroll, info, 'enroll-preview-phone');
    await enroll.getByRole('button', { name: 'Use this picture' }).click();
    await expect(enroll.getByRole('status')).toContainText('You are enrolled');
    await shot(enroll, info, 'enroll-done-phone');
    // The link works once.
    await enroll.reload();
    await expect(enroll.getByRole('alert')).toHaveText('This enrollment is already complete: your face is enrolled.');
    await phone.close();

    // Back in the console: completed, and the profile is active with its signed consent.
    await page.reload();
    const row = page.getByRole('row', { name: /Katherine Johnson.*Completed/ });
    await expect(row).toBeVisible();
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Katherine Johnson' })).toBeVisible();
    await expect(page.getByText(/Given .* \(web enrollment\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download consent.pdf' })).toBeVisible();
    await shot(page, info, 'enrolled-profile');
    await logOut(page);
});

/** A demo user signed in over the API: the headers of their calls and their own account. */
const signedIn = async (request: APIRequestContext, email: string) => {
    const login = await request.post('/api/v2/login', { data: { username: email, password: E2E.demoPassword } });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const account = (await (await request.get('/api/v2/me', { headers })).json()).account.id as number;
    return { headers, account };
};

test("an invitation's page wears its dealer's brand and opens in the invitation's language, Arabic right to left", async ({
    browser,
    request,
}, info) => {
    const dealer = await signedIn(request, E2E.dealer);
    const moderator = await signedIn(request, E2E.moderator);
    try {
        const brand = {
            product_name: 'Northwind Access',
            primary_color: '#1a237e',
            secondary_color: '#ff6f00',
            support_email: 'help@northwind.example',
            support_url: 'https://northwind.example/help',
        };
        expect((await request.put(`/api/v2/accounts/${dealer.account}/branding`, { headers: dealer.headers, data: brand })).status()).toBe(
            200,
        );
        const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#ff6f00' } })
            .png()
            .toBuffer();
        const sent = await request.post(`/api/v2/accounts/${dealer.account}/branding/logo`, {
            headers: dealer.headers,
            multipart: { file: { name: 'northwind.png', mimeType: 'image/png', buffer: logo } },
        });
        expect(sent.status()).toBe(200);
        const invited = await request.post('/api/v2/web-enrollments/invites', {
            headers: moderator.headers,
            data: { people: [{ name: 'Laila Haddad', email: 'laila@e2e.test', locale: 'ar' }], account_id: moderator.account },
        });
        expect(invited.status()).toBe(201);
        const [mail] = await mailsTo(request, 'laila@e2e.test');
        const link = /https?:\/\/[^\s"<]+\/enroll\/[\w.-]+/.exec(mail!)![0];

        // a fresh browser, no session, only the link: the customer wears its dealer's brand, in Arabic
        const context = await browser.newContext();
        const enroll = await context.newPage();
        await enroll.goto(new URL(link).pathname);
        await expect(enroll.getByRole('heading', { level: 1 })).toHaveText('مرحبًا، Laila Haddad');
        await expect(enroll.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(enroll.locator('html')).toHaveAttribute('lang', 'ar');
        const mark = enroll.getByTestId('brand-mark');
        await expect(mark).toContainText('Northwind Access');
        const image = mark.locator('img');
        await expect(image).toHaveAttribute('src', new RegExp(`/api/v2/branding/logos/${dealer.account}\\?v=\\d+$`));
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
        // the brand's primary colour in the theme: the mark and the heading
        await expect(mark).toHaveCSS('color', 'rgb(26, 35, 126)');
        await expect(enroll.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(26, 35, 126)');
        await expect(enroll.getByText('Contoso Offices')).toBeVisible();
        const foot = enroll.locator('footer');
        await expect(foot.getByRole('link', { name: 'help@northwind.example' })).toHaveAttribute('href', 'mailto:help@northwind.example');
        await expect(foot.getByRole('link', { name: 'https://northwind.example/help' })).toBeVisible();
        await expect(enroll).toHaveTitle('Northwind Access');
        // the consent document is drawn as its PDF lays it out, left to right whatever the page's direction
        const document = enroll.locator('[role="document"][aria-busy]');
        await expect(document).toHaveAttribute('aria-busy', 'false');
        const drawn = () =>
            document
                .locator('canvas')
                .first()
                .evaluate((c: HTMLCanvasElement) => c.toDataURL());
        const drawnInArabic = await drawn();
        await shot(enroll, info, 'enroll-branded-arabic');

        // the language menu still works, and the person's choice outlasts the invitation's on the next visit
        await enroll.getByRole('combobox').click();
        await enroll.getByRole('option', { name: 'English' }).click();
        await expect(enroll.getByRole('heading', { level: 1 })).toHaveText('Welcome, Laila Haddad');
        await expect(enroll.locator('html')).toHaveAttribute('dir', 'ltr');
        await expect(foot).toContainText('Questions? Northwind Access is here to help:');
        await enroll.reload();
        await expect(enroll.getByRole('heading', { level: 1 })).toHaveText('Welcome, Laila Haddad');
        await expect(document).toHaveAttribute('aria-busy', 'false');
        expect(await drawn()).toBe(drawnInArabic);
        await context.close();
    } finally {
        await request.delete(`/api/v2/accounts/${dealer.account}/branding`, { headers: dealer.headers });
    }
});
