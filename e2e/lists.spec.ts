import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { logOut, shot, signIn } from './console';

/**
 * What a list keeps for the user who shaped it (docs/decisions.md "Lists kept per user"): the columns chosen in
 * react-admin's column chooser, the saved queries of its filter menu and the last sort, each user's own on a
 * shared browser.
 */
test.describe.configure({ mode: 'serial' });

/** Signs `email` in on the way to `path`, past the terms if they come first, and waits for `ready`. */
const openAs = async (page: Page, email: string, path: string, ready: (page: Page) => Locator) => {
    await page.goto(`/login?redirect_url=${encodeURIComponent(path)}`);
    await signIn(page, email);
    const accept = page.getByRole('button', { name: 'Accept' });
    await expect(accept.or(ready(page))).toBeVisible();
    if (await accept.isVisible()) await accept.click();
    await expect(ready(page)).toBeVisible();
};

/** The names of the list's column headers, in order (the select-all box has none). */
const headers = async (page: Page) => (await page.locator('table thead th').allInnerTexts()).map(t => t.trim()).filter(t => t !== '');

const DEVICE_COLUMNS = ['Status', 'Device', 'Reader', 'Role', 'Security level', 'Release, board type', 'IP address', 'Last seen'];
const CHOSEN_COLUMNS = DEVICE_COLUMNS.filter(c => c !== 'IP address' && c !== 'Release, board type');

/** The Devices list, its rows shown. */
const devicesReady = (page: Page) => page.locator('table tbody tr').filter({ hasText: 'Main entrance' });

test('the columns chosen on Devices stay after a reload and a visit elsewhere, and are the chooser’s own', async ({ page }, info) => {
    await openAs(page, E2E.moderator, '/devices', devicesReady);
    await expect.poll(() => headers(page)).toEqual(DEVICE_COLUMNS);

    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('presentation').filter({ has: page.getByRole('option') });
    for (const name of DEVICE_COLUMNS) await expect(chooser.getByRole('switch', { name })).toBeChecked();
    await chooser.getByRole('switch', { name: 'IP address' }).uncheck();
    await chooser.getByRole('switch', { name: 'Release, board type' }).uncheck();
    await expect.poll(() => headers(page)).toEqual(CHOSEN_COLUMNS);
    await shot(page, info, 'devices-column-chooser');
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();

    await page.reload();
    await expect(devicesReady(page)).toBeVisible();
    await expect.poll(() => headers(page)).toEqual(CHOSEN_COLUMNS);

    await page.getByRole('menuitem', { name: 'Profiles' }).click();
    await expect(page).toHaveURL(/\/profiles/);
    await page.getByRole('menuitem', { name: 'Devices' }).click();
    await expect(devicesReady(page)).toBeVisible();
    await expect.poll(() => headers(page)).toEqual(CHOSEN_COLUMNS);

    // Another user of the same browser finds the default columns: the choice is the moderator's, not the browser's.
    await logOut(page);
    await openAs(page, E2E.manager, '/devices', devicesReady);
    await expect.poll(() => headers(page)).toEqual(DEVICE_COLUMNS);
    // and the moderator, back, finds theirs as left
    await logOut(page);
    await openAs(page, E2E.moderator, '/devices', devicesReady);
    await expect.poll(() => headers(page)).toEqual(CHOSEN_COLUMNS);
});

test('a saved query on Security Events brings its filters back, and is still there after a reload', async ({ page }, info) => {
    const tabs = (p: Page) => p.getByRole('tablist', { name: 'Event groups' });
    await openAs(page, E2E.moderator, '/events', tabs);
    const rows = page.locator('table tbody tr');
    const eventTexts = async () => (await rows.allInnerTexts()).filter(t => t.trim() !== '');
    const onlyTailgating = async () => {
        const texts = await eventTexts();
        return texts.length > 0 && texts.every(t => /Tailgating by/.test(t));
    };

    await page.getByRole('tab', { name: 'Tailgating' }).click();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Last 15 days' }).click();
    await expect(page).toHaveURL(/group=tailgating/);
    await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\dT/);
    await expect.poll(onlyTailgating).toBe(true);
    const filtered = page.url();

    const menuButton = page.getByRole('button', { name: 'Add filter' });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Save current query...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save current query as' });
    await dialog.getByLabel('Query name').fill('Tailgating this fortnight');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Cleared, the list shows every kind of event again.
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Remove all filters' }).click();
    await expect(page).not.toHaveURL(/group=|from=/);
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(onlyTailgating).toBe(false);

    await menuButton.click();
    const saved = page.getByRole('menuitem', { name: 'Tailgating this fortnight' });
    await expect(saved).toBeVisible();
    await shot(page, info, 'events-saved-query-menu');
    await saved.click();
    await expect(page).toHaveURL(/group=tailgating/);
    await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\dT/);
    // said in the list's own address (SPEC 2.5), not react-admin's filter=JSON
    expect(new URL(page.url()).searchParams.get('filter')).toBeNull();
    expect(new URL(page.url()).searchParams.get('group')).toBe(new URL(filtered).searchParams.get('group'));
    expect(new URL(page.url()).searchParams.get('from')).toBe(new URL(filtered).searchParams.get('from'));
    await expect(page.getByRole('tab', { name: 'Tailgating' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Last 15 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(onlyTailgating).toBe(true);

    await page.reload();
    await expect(tabs(page)).toBeVisible();
    await menuButton.click();
    await expect(page.getByRole('menuitem', { name: /Tailgating this fortnight/ })).toBeVisible();
});

test('the sort chosen on Profiles stays after a reload and when the list is opened again from the menu', async ({ page }) => {
    const ready = (p: Page) => p.locator('table tbody tr').first();
    await openAs(page, E2E.moderator, '/profiles', ready);
    const label = page.locator('thead th', { hasText: 'Last activity' }).locator('.MuiTableSortLabel-root');
    await label.click();
    await expect(page).toHaveURL(/sort=%2Blast_activity_at|sort=\+last_activity_at/);
    // The arrow drawn upwards first, as a person sees it before clicking again: the address changes a frame
    // before the header does, and a click in between would ask for the ascending order once more.
    await expect(label).toHaveClass(/Mui-active/);
    await expect(label).toHaveClass(/MuiTableSortLabel-directionAsc/);
    await label.click();
    await expect(page).toHaveURL(/sort=-last_activity_at/);
    const sorted = page.locator('th', { hasText: 'Last activity' }).locator('.MuiTableSortLabel-root.Mui-active');
    await expect(sorted).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/sort=-last_activity_at/);
    await expect(sorted).toBeVisible();

    // The menu opens the list with nothing in its address: the remembered sort comes back.
    await page.getByRole('menuitem', { name: 'Devices' }).click();
    await expect(devicesReady(page)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Profiles' }).click();
    await expect(page).toHaveURL(/sort=-last_activity_at/);
    await expect(sorted).toBeVisible();
});
