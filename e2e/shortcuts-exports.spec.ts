import { expect, test, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { shot, signIn } from './console';

const openAs = async (page: Page, email: string, path: string) => {
    await page.goto(`/login?redirect_url=${encodeURIComponent(path)}`);
    await signIn(page, email);
    const terms = page.getByRole('heading', { name: 'Terms of service' });
    await expect(terms.or(page.getByRole('button', { name: 'Profile', exact: true }))).toBeVisible();
    if (await terms.isVisible()) await page.getByRole('button', { name: 'Accept' }).click();
};

test('on Devices, ? lists the shortcuts, Escape closes them and g e opens Security Events', async ({ page }, info) => {
    await openAs(page, E2E.dealer, '/devices');
    await expect(page).toHaveURL(/\/devices$/);
    await expect(page.getByRole('heading', { name: 'Devices' }).first()).toBeVisible();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Go to Security Events')).toBeVisible();
    await expect(dialog.getByText('Go to Devices')).toBeVisible();
    await shot(page, info, 'shortcuts-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // n presses the list's Add button: on Devices, Add a reader
    await page.keyboard.press('n');
    const addReader = page.getByRole('dialog', { name: 'Add a reader' });
    await expect(addReader).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(addReader).toBeHidden();
    await page.keyboard.press('g');
    await page.keyboard.press('e');
    await expect(page).toHaveURL(/\/events(\?|$)/);
    await expect(page.getByRole('tablist', { name: 'Event groups' })).toBeVisible();
});

test('Security Events with a filter matching nothing: Export says there is nothing to export and downloads nothing', async ({
    page,
}, info) => {
    const downloads: string[] = [];
    page.on('download', d => downloads.push(d.suggestedFilename()));
    // no badge has this number in the demo platform
    await openAs(page, E2E.dealer, `/events?filter=${encodeURIComponent(JSON.stringify({ badge_number: 987654321 }))}`);
    await expect(page.getByRole('tablist', { name: 'Event groups' })).toBeVisible();
    const exportButton = page.getByRole('button', { name: 'Export' });
    await expect(exportButton).toBeDisabled();
    await exportButton.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Nothing to export: no row matches the current filters.');
    await shot(page, info, 'export-nothing');
    await exportButton.click({ force: true });
    // the list is still there, and the page asked for no export
    await expect(page.getByRole('tablist', { name: 'Event groups' })).toBeVisible();
    expect(downloads).toEqual([]);
});

test('a role without the export right sees Export disabled, saying why', async ({ page }) => {
    await openAs(page, E2E.moderator, '/events');
    await expect(page.getByRole('tablist', { name: 'Event groups' })).toBeVisible();
    const exportButton = page.getByRole('button', { name: 'Export' });
    await expect(exportButton).toBeDisabled();
    await exportButton.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Your role (Account administrator) cannot export this list.');
});
