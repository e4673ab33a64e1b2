import { expect, test, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { adminApi, logOut, shot, signIn } from './console';

test.describe.configure({ mode: 'serial' });

/** Picks an option of a MUI select by its field's label. */
const choose = async (page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
};

const profileOf = async (admin: Awaited<ReturnType<typeof adminApi>>, accountId: number, acsId: string) =>
    (await admin.get(`/profiles?account_id=${accountId}&acs_id=${acsId}`)).result[0] as
        { id: number; badges: { facility_code: number; badge_number: number }[] } | undefined;

test('a moderator finds a profile by FC:NUMBER, opens it and adds a badge', async ({ page, request }, info) => {
    const admin = await adminApi(request);
    const contoso = (await admin.get('/accounts?cross_account=true&q=Contoso')).result[0];
    const profile = (await profileOf(admin, contoso.id, 'CON-0024'))!;
    const badge = profile.badges[0]!;

    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.goto('/profiles');
    await page.getByPlaceholder('ACS ID, badge number or FC:NUMBER').fill(`${badge.facility_code}:${badge.badge_number}`);
    // The search is in the URL, and only the holder of that facility code and number is listed.
    await expect(page).toHaveURL(new RegExp(`q=${badge.facility_code}%3A${badge.badge_number}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('cell', { name: 'CON-0024', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/profiles/${profile.id}$`));
    await expect(page.getByRole('heading', { name: 'CON-0024' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a badge' });
    await choose(page, form, 'Card format', '26-bit H10301');
    await form.getByLabel('Facility code').fill(String(badge.facility_code));
    await form.getByLabel('Badge number').fill('7024');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Badge added')).toBeVisible();
    await expect(page.getByText('7024', { exact: true })).toBeVisible();
    // SPEC 4.4: a notice requested while another shows only hides it; the next one waits for the first to go.
    await expect(page.getByText('Badge added')).toBeHidden();
    // A number that does not fit the format is refused with the reason.
    await choose(page, form, 'Card format', '26-bit H10301');
    await form.getByLabel('Facility code').fill(String(badge.facility_code));
    await form.getByLabel('Badge number').fill('70000');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('alert')).toContainText('Badge number must be a whole number from 0 to 65535 in 26-bit H10301');
    await shot(page, info, 'profile-page');
    // an error stays until closed (SPEC 8.4)
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    expect((await profileOf(admin, contoso.id, 'CON-0024'))!.badges.map(b => b.badge_number)).toContain(7024);
    await logOut(page);
});

test('an opt-out CSV import deletes the profile holding a listed badge', async ({ page, request }, info) => {
    const admin = await adminApi(request);
    const contoso = (await admin.get('/accounts?cross_account=true&q=Contoso')).result[0];
    const holder = (await profileOf(admin, contoso.id, 'CON-0031'))!;
    const badge = holder.badges[0]!;

    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.goto('/profiles?q=CON-0031');
    await expect(page.getByRole('cell', { name: 'CON-0031', exact: true })).toBeVisible();

    await page.goto('/opt_out');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import opt-out badges' });
    await dialog.locator('input[type=file]').setInputFiles({
        name: 'opt-out.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`badge_number,facility_code\n${badge.badge_number},${badge.facility_code}\n=cmd,1\n`),
    });
    await dialog.getByRole('button', { name: 'Import CSV' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 lines read: 1 added, 0 already in the list, 1 profiles deleted.');
    await expect(dialog.getByText('Line 3')).toBeVisible();
    await expect(dialog.getByText('Badge number must be a whole number')).toBeVisible();
    await shot(page, info, 'opt-out-import');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(`${badge.facility_code}:${badge.badge_number}`, { exact: true })).toBeVisible();

    await page.goto('/profiles?q=CON-0031');
    await expect(page.getByRole('cell', { name: 'CON-0031', exact: true })).toHaveCount(0);
    expect(await profileOf(admin, contoso.id, 'CON-0031')).toBeUndefined();
    await logOut(page);
});

test('a manager sets a visitor range and issues a visitor badge until midnight', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.manager);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.goto('/visitors');
    const range = page.getByRole('form', { name: 'Set a range' });
    await choose(page, range, 'Card format', '26-bit H10301');
    await range.getByLabel('Facility code').fill('150');
    await range.getByLabel('First number').fill('500');
    await range.getByLabel('Last number').fill('599');
    await range.getByRole('button', { name: 'Set a range' }).click();
    await expect(page.getByText('Visitor range saved')).toBeVisible();
    await expect(page.getByText('Visitor range saved')).toBeHidden();
    const ranges = page.getByRole('table', { name: 'Visitor badge ranges' });
    await expect(ranges.getByRole('row', { name: /26-bit H10301 150 500 599/ })).toBeVisible();

    const issue = page.getByRole('form', { name: 'Issue a visitor badge' });
    await choose(page, issue, 'Card format', '26-bit H10301');
    await issue.getByLabel('Facility code').fill('150');
    await issue.getByLabel('Badge number').fill('501');
    await issue.getByLabel('Name or ACS ID (optional)').fill('Guest Ada');
    await issue.getByRole('button', { name: 'Issue a visitor badge' }).click();
    await expect(page.getByText(/Visitor badge issued until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Guest Ada' })).toBeVisible();
    await expect(ranges.getByRole('row', { name: /26-bit H10301 150 500 599 1/ })).toBeVisible();
    await expect(page.getByText(/Visitor badge issued until/)).toBeHidden();
    // Outside the range: refused, with the reason.
    await choose(page, issue, 'Card format', '26-bit H10301');
    await issue.getByLabel('Facility code').fill('150');
    await issue.getByLabel('Badge number').fill('600');
    await issue.getByRole('button', { name: 'Issue a visitor badge' }).click();
    await expect(page.getByRole('alert')).toContainText('This badge is not in a visitor range of its card format.');
    await shot(page, info, 'visitors');
    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    await logOut(page);
});
