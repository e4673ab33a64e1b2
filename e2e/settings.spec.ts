import { expect, test, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { adminApi, logOut, mailsTo, shot, signIn, signInAdmin } from './console';

test.describe.configure({ mode: 'serial' });

/** A menu entry of the System Manager group, opening the group when it is closed. */
const openFromMenu = async (page: Page, name: string) => {
    const entry = page.getByRole('menuitem', { name, exact: true });
    await expect(page.getByRole('button', { name: 'System Manager' })).toBeVisible();
    if (!(await entry.isVisible())) await page.getByRole('button', { name: 'System Manager' }).click();
    await entry.click();
};

test('the admin saves a setting, finds it saved after a reload, then gives it back to the environment', async ({ page, request }, info) => {
    const environment = await (await adminApi(request)).get('/system/settings');
    expect(environment.source.max_failed_logins).toBe('environment');
    const before = String(environment.max_failed_logins);
    const changed = String(environment.max_failed_logins + 3);

    await signInAdmin(page);
    await openFromMenu(page, 'Settings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const lockout = page.getByRole('group', { name: 'Failed sign-ins before lockout' });
    await expect(lockout.getByRole('textbox')).toHaveValue(before);
    await expect(lockout.getByText('From the environment')).toBeVisible();
    // The SMTP server of the browser tests is shown without being given back, and the input is empty.
    const smtp = page.getByRole('group', { name: 'SMTP server' });
    await expect(smtp.getByText(`Current server: smtp://127.0.0.1:${E2E.mail.smtpPort}`)).toBeVisible();
    await expect(smtp.getByLabel('New SMTP server address')).toHaveValue('');

    await lockout.getByRole('textbox').fill(changed);
    await expect(page.getByText('1 unsaved change')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(lockout.getByText('Saved here')).toBeVisible();

    await page.reload();
    await expect(lockout.getByRole('textbox')).toHaveValue(changed);
    await expect(lockout.getByText('Saved here')).toBeVisible();
    await shot(page, info, 'settings');

    await lockout.getByRole('button', { name: "Use the environment's value: Failed sign-ins before lockout" }).click();
    await expect(page.getByText("Failed sign-ins before lockout: the environment's value applies again")).toBeVisible();
    await expect(lockout.getByRole('textbox')).toHaveValue(before);
    await expect(lockout.getByText('From the environment')).toBeVisible();
    await page.reload();
    await expect(lockout.getByRole('textbox')).toHaveValue(before);
    expect((await (await adminApi(request)).get('/system/settings')).source.max_failed_logins).toBe('environment');

    // A test message goes through the SMTP server of the browser tests.
    const test = page.getByRole('region', { name: 'Send a test message' });
    await test.getByLabel('Send to').fill('settings-check@e2e.test');
    await test.getByRole('button', { name: 'Send a test message' }).click();
    await expect(test.getByText('Sent through the SMTP server to settings-check@e2e.test.')).toBeVisible();
    expect((await mailsTo(request, 'settings-check@e2e.test'))[0]).toContain('settings-check@e2e.test');
    await logOut(page);
});

test('the admin and a moderator see the migrations the database has; a moderator has no Settings', async ({ page }, info) => {
    await signInAdmin(page);
    await openFromMenu(page, 'Migrations');
    await expect(page).toHaveURL(/\/migrations$/);
    const schema = page.getByRole('table', { name: 'Schema migrations' });
    await expect(schema.getByRole('row').nth(1)).toContainText('0000_init');
    await expect(schema.getByText('Pending')).toHaveCount(0);
    const rows = (await schema.getByRole('row').count()) - 1;
    expect(rows).toBeGreaterThan(1);
    await expect(schema.getByText('Applied', { exact: true })).toHaveCount(rows);
    await expect(page.getByText(`${rows} applied`)).toBeVisible();
    const data = page.getByRole('table', { name: 'Data migrations' });
    await expect(data.getByText('Done', { exact: true })).toHaveCount(2);
    await expect(page.getByText('this server does not know')).toHaveCount(0);
    await shot(page, info, 'migrations');
    await logOut(page);

    await signIn(page, E2E.moderator);
    const accept = page.getByRole('button', { name: 'Accept' });
    await expect(accept.or(page.getByRole('menuitem', { name: 'Dashboard' }))).toBeVisible();
    if (await accept.isVisible()) await accept.click();
    await openFromMenu(page, 'Migrations');
    await expect(page.getByRole('table', { name: 'Schema migrations' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings', exact: true })).toHaveCount(0);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/$/);
    await logOut(page);
});
