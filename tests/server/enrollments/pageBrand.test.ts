import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PLATFORM_BRAND } from '../../../contract/constants';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { enrollmentAccount, invitedToken, multipartFile } from './fixture';

/**
 * The public enrollment page wears the inviting account's brand (docs/decisions.md "Brands per account": its own, the
 * nearest above it, else the platform's) and opens in the invitation's language; nothing private goes with it.
 */
describe("the enrollment page in the inviting account's brand and the invitation's language", () => {
    let p: TestPlatform;
    let customer: number;
    let dealer: ApiCaller;
    let token: string;

    const DEALER_BRAND = {
        product_name: 'Northwind Access',
        primary_color: '#1a237e',
        secondary_color: '#ff6f00',
        support_email: 'help@northwind.example',
        support_url: 'https://northwind.example/help',
        domains: ['access.northwind.example'],
    };
    const pageOf = async (link = token) => {
        const page = await p.app.inject({ method: 'GET', url: `/api/v2/enrollment/${link}` });
        expect(page.statusCode, page.body).toBe(200);
        return page;
    };

    beforeAll(async () => {
        p = await startPlatform();
        customer = await enrollmentAccount(p, await p.login(ADMIN.email), 'Brandhouse', [{ name: 'enr/consent_type', value: 'none' }]);
        dealer = await p.as(p.demo.dealer.users.dealer.email);
        token = await invitedToken(await p.as(ADMIN.email), customer, { name: 'Laila', email: 'laila@brand.test', locale: 'ar' });
    }, 120_000);
    afterAll(() => p?.close());

    it("wears the platform's own brand when neither the account nor those above it have one", async () => {
        expect((await pageOf()).json().brand).toEqual({
            ...PLATFORM_BRAND,
            logo_url: null,
            support_email: null,
            support_url: null,
        });
    });

    it("wears the dealer's brand and logo, nothing private with it; the customer's own wins over it", async () => {
        const dealerId = p.demo.dealer.id;
        expect((await dealer('PUT', `/accounts/${dealerId}/branding`, DEALER_BRAND)).statusCode).toBe(200);
        try {
            const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#ff6f00' } })
                .png()
                .toBuffer();
            const sent = await p.call(await p.login(p.demo.dealer.users.dealer.email), {
                method: 'POST',
                url: `/api/v2/accounts/${dealerId}/branding/logo`,
                ...multipartFile(logo, { filename: 'logo.png', type: 'image/png' }),
            });
            expect(sent.statusCode, sent.body).toBe(200);

            const inherited = await pageOf();
            const brand = inherited.json().brand;
            expect(brand).toEqual({
                product_name: 'Northwind Access',
                primary_color: '#1a237e',
                secondary_color: '#ff6f00',
                logo_url: expect.stringMatching(new RegExp(`^/api/v2/branding/logos/${dealerId}\\?v=\\d+$`)),
                support_email: 'help@northwind.example',
                support_url: 'https://northwind.example/help',
            });
            // the logo's address answers the logo to anyone, as the page shows it before anyone signs in
            const image = await p.app.inject({ method: 'GET', url: brand.logo_url });
            expect(image.statusCode).toBe(200);
            expect(image.headers['content-type']).toBe('image/png');
            // no host names, no account of the tree, no default language of the brand
            expect(inherited.body).not.toContain('access.northwind.example');
            expect(inherited.body).not.toMatch(/from_account_id|default_locale|domains|account_id/);

            const own = { ...DEALER_BRAND, product_name: 'Brandhouse Entry', primary_color: '#004d40', domains: [], support_url: null };
            expect((await dealer('PUT', `/accounts/${customer}/branding`, own)).statusCode).toBe(200);
            expect((await pageOf()).json().brand).toEqual({
                product_name: 'Brandhouse Entry',
                primary_color: '#004d40',
                secondary_color: '#ff6f00',
                logo_url: null,
                support_email: 'help@northwind.example',
                support_url: null,
            });
        } finally {
            await dealer('DELETE', `/accounts/${customer}/branding`);
            await dealer('DELETE', `/accounts/${dealerId}/branding`);
        }
    });

    it("speaks the invitation's language", async () => {
        expect((await pageOf()).json().locale).toBe('ar');
        const german = await invitedToken(await p.as(ADMIN.email), customer, { name: 'Jana', email: 'jana@brand.test', locale: 'de' });
        expect((await pageOf(german)).json().locale).toBe('de');
        const unchosen = await invitedToken(await p.as(ADMIN.email), customer, { name: 'Tom', email: 'tom@brand.test' });
        expect((await pageOf(unchosen)).json().locale).toBe('en');
    });
});
