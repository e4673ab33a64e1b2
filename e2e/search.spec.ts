import { expect, test } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { adminApi, logOut, shot, signIn } from './console';

test.describe.configure({ mode: 'serial' });

test("a dealer finds a customer's door from the app bar and opens it in that account", async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    await expect(page.getByTestId('current-account')).toHaveText('Northwind Security');
    // '/' anywhere puts the cursor in the search box.
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search' }).first()).toBeFocused();
    await page.keyboard.type('server room');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=server\+room|\/search\?q=server%20room/);
    const devices = page.getByRole('region', { name: 'Devices' });
    await expect(devices.getByRole('button', { name: /Server room door.*Contoso Offices/ }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Readers' }).getByRole('button', { name: /Server room door/ })).toBeVisible();
    await shot(page, info, 'search-results');

    await devices
        .getByRole('button', { name: /Server room door/ })
        .first()
        .click();
    await expect(page.getByRole('dialog', { name: 'Contoso Offices Active' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/devices\/\d+$/);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await expect(page.getByText('Server room door', { exact: true }).first()).toBeVisible();
    await shot(page, info, 'search-opened-device');
    await logOut(page);
});

test('a badge is found by FC:NUMBER and an ACS ID whole; a moderator finds nothing of another tenant', async ({ page, request }, info) => {
    const admin = await adminApi(request);
    const contoso = (await admin.get('/accounts?cross_account=true&q=Contoso')).result[0];
    const [profile] = (await admin.get(`/profiles?account_id=${contoso.id}&acs_id=CON-0002`)).result;
    const badge = profile.badges[0] as { facility_code: number; badge_number: number };

    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.goto(`/search?q=${badge.facility_code}:${badge.badge_number}`);
    const badges = page.getByRole('region', { name: 'Badge IDs' });
    await expect(badges.getByText(`${badge.facility_code}:${badge.badge_number}`, { exact: true })).toBeVisible();
    // one account searched: the hits do not repeat it
    await expect(badges.getByText('CON-0002', { exact: true })).toBeVisible();

    await page.goto(`/search?q=${encodeURIComponent(E2E.manager)}`);
    await expect(page.getByRole('region', { name: 'Users' }).getByText(E2E.manager, { exact: true })).toBeVisible();

    await page.goto('/search?q=CON-0002');
    await expect(page.getByRole('region', { name: 'Profiles' }).getByText('CON-0002', { exact: true })).toBeVisible();
    await page.goto('/search?q=CON-000');
    await expect(page.getByText('Nothing you can see matches “CON-000”.')).toBeVisible();
    await shot(page, info, 'search-moderator');

    // Tailspin Clinic is another dealer's customer: its doors and people do not exist for this moderator.
    await page.goto('/search?q=Pharmacy');
    await expect(page.getByText('Nothing you can see matches “Pharmacy”.')).toBeVisible();
    await page.goto('/search?q=TAI-0001');
    await expect(page.getByText('Nothing you can see matches “TAI-0001”.')).toBeVisible();
    await logOut(page);
});
