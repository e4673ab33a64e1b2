import { expect, test } from '@playwright/test';
import { adminApi, shot, signInAdmin } from './console';

test.describe.configure({ mode: 'serial' });

test('the admin approves a pending reader, sets its security level, and the reader applies it', async ({ page, request }, info) => {
    await signInAdmin(page);
    await page.getByRole('menuitem', { name: 'Devices' }).click();
    // From the admin's own account the list covers every account in reach.
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
    // The demo fleet's last two readers register and wait for approval.
    await expect(page.getByText('2 readers wait for approval in your accounts.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Online').first()).toBeVisible();
    await shot(page, info, 'devices-list');
    // On a 1024-pixel laptop with the menu open the wide table scrolls by itself; the page and its buttons stay in view.
    await page.setViewportSize({ width: 1024, height: 720 });
    await expect(page.getByRole('button', { name: 'Show them' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Show them' }).click();
    await expect(page).toHaveURL(/status=pending/);
    await page.getByRole('button', { name: 'Approve' }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Approve reader DEMO-\d+$/ });
    const hardwareId = (await dialog.getByRole('heading').textContent())!.replace('Approve reader ', '');
    await dialog.getByLabel('Description').fill('Side door');
    await shot(page, info, 'device-approve');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Device approved')).toBeVisible();
    await expect(page.getByText('One reader waits for approval in your accounts.')).toBeVisible();

    // The quick-view drawer of the approved reader, then its page.
    await page.goto('/devices?account_id=all&q=Side%20door');
    await page.getByText('Side door').first().click();
    const drawer = page.getByRole('dialog', { name: 'Device' }).last();
    await expect(drawer.getByText(hardwareId)).toBeVisible();
    await shot(page, info, 'device-drawer');
    await drawer.getByRole('button', { name: 'Open device page' }).click();
    await expect(page).toHaveURL(/\/devices\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // The reader fetches its key, heartbeats and applies its first configuration.
    const state = page.getByRole('region', { name: 'State' });
    await expect(state.getByText('Online')).toBeVisible({ timeout: 30_000 });
    await expect(state.getByText('Applied')).toBeVisible({ timeout: 30_000 });
    await shot(page, info, 'device-page');

    const api = await adminApi(request);
    const before = (await api.get(`/devices/${id}`)) as { config_version: number; security_level: string };
    expect(before.security_level).toBe('medium');

    await page.getByRole('button', { name: 'Modify parameters' }).click();
    await expect(page).toHaveURL(new RegExp(`/devices/${id}/edit$`));
    await page.getByRole('combobox', { name: 'Security level' }).click();
    await page.getByRole('option', { name: 'High', exact: true }).click();
    await shot(page, info, 'device-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Modified Device')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/devices/${id}$`));
    await expect(page.getByRole('region', { name: 'Parameters' }).getByText('High', { exact: true })).toBeVisible();

    // The simulated reader pulls the new configuration and reports running it.
    const next = before.config_version + 1;
    await expect(state.getByText(`Version ${next} set, version ${next} running on the reader`)).toBeVisible({ timeout: 30_000 });
    await expect(state.getByText('Applied')).toBeVisible();
    await shot(page, info, 'device-applied');
});

test('the admin reboots three readers at once and sees each reboot acknowledged', async ({ page }, info) => {
    await signInAdmin(page);
    await page.goto('/devices?account_id=all&status=online');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const chosen: string[] = [];
    for (let i = 0; i < 3; i++) {
        await rows.nth(i).getByRole('checkbox').check();
        // The cell holds the description over the hardware ID.
        chosen.push((await rows.nth(i).locator('td.column-description').innerText()).split('\n')[0]!.trim());
    }
    await expect(page.getByText('3 items selected')).toBeVisible();
    await shot(page, info, 'devices-selected');

    await page.getByRole('button', { name: 'Bulk reboot' }).click();
    await expect(page).toHaveURL(/\/devices\/bulk\/reboot\?ids=\d+,\d+,\d+$/);
    await expect(page.getByText('3 devices chosen')).toBeVisible();
    for (const name of chosen) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await shot(page, info, 'bulk-reboot');
    await page.getByRole('button', { name: 'Reboot 3 devices' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Reboot these 3 devices?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Reboot sent to 3 devices')).toBeVisible();

    // Each reader takes the command at its next heartbeat, restarts, and acknowledges once back.
    await expect(page.getByText('3 of 3 acknowledged')).toBeVisible({ timeout: 45_000 });
    const outcomes = page.getByRole('table', { name: 'Chosen devices' });
    await expect(outcomes.getByText('Done')).toHaveCount(3);
    await expect(outcomes.getByText('rebooted')).toHaveCount(3);
    await shot(page, info, 'bulk-reboot-done');
});

test('bulk edit sets one parameter on the chosen readers', async ({ page, request }, info) => {
    await signInAdmin(page);
    await page.goto('/devices?account_id=all&status=online&sort=%2Bdescription');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Bulk edit' }).click();
    await expect(page).toHaveURL(/\/devices\/bulk\/edit\?ids=\d+,\d+$/);
    const ids = new URL(page.url()).searchParams.get('ids')!.split(',').map(Number);
    await expect(page.getByText('2 devices chosen')).toBeVisible();
    await page.getByRole('combobox', { name: 'LED option' }).click();
    await page.getByRole('option', { name: 'No ACS check' }).click();
    await shot(page, info, 'bulk-edit');
    await page.getByRole('button', { name: 'Apply to 2 devices' }).click();
    await expect(page.getByText('Modified 2 devices')).toBeVisible();
    await expect(page).toHaveURL(/\/devices(\?|$)/);
    const api = await adminApi(request);
    for (const id of ids) expect(((await api.get(`/devices/${id}`)) as { led_option: string }).led_option).toBe('no_acs_check');
});
