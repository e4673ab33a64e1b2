import { expect, test } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { logOut, shot, signIn } from './console';

test.describe.configure({ mode: 'serial' });

test('a moderator adds an access group as the default, and the previous default loses it', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await page.getByRole('menuitem', { name: 'Access Groups' }).click();
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row('All staff').getByText('Default', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Access Group' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Access Group' });
    await drawer.getByRole('button', { name: 'Add Access Group' }).click();
    await expect(drawer.getByText('Description is required')).toBeVisible();
    await drawer.getByLabel('Description').fill('Visitors lobby');
    await drawer.getByLabel('Default group').check();
    await shot(page, info, 'access-group-drawer');
    await drawer.getByRole('button', { name: 'Add Access Group' }).click();
    await expect(page.getByText('Created new entity')).toBeVisible();
    await expect(drawer).toBeHidden();

    await expect(row('Visitors lobby').getByText('Default', { exact: true })).toBeVisible();
    await expect(row('All staff').getByText('Default', { exact: true })).toHaveCount(0);
    // The new default is listed first; its delete control is off and says why.
    await expect(page.getByRole('row').nth(1)).toContainText('Visitors lobby');
    await expect(row('Visitors lobby').getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(row('All staff').getByRole('button', { name: 'Delete' })).toBeEnabled();
    await shot(page, info, 'access-groups-new-default');

    // Its page: a member joins, with the badge the reader will receive.
    await page.getByRole('cell', { name: 'Visitors lobby', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Visitors lobby', level: 1 })).toBeVisible();
    await page.getByLabel('Profile to add (search by ACS ID)').fill('CON-0002');
    await page.getByRole('option', { name: 'CON-0002' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('cell', { name: 'CON-0002', exact: true })).toBeVisible();
    await expect(members.getByText('26-bit H10301 · facility code 100')).toBeVisible();
    await shot(page, info, 'access-group-page');
    await logOut(page);
});

test('a reader is created after the validation error, in the drawer', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await page.getByRole('menuitem', { name: 'Readers' }).click();
    await expect(page.getByRole('cell', { name: 'Main entrance', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create reader' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create reader' });
    await drawer.getByRole('button', { name: 'Create reader' }).click();
    await expect(drawer.getByText('Reader is required')).toBeVisible();
    await shot(page, info, 'reader-drawer-validation');

    await drawer.getByLabel('Reader', { exact: true }).fill('Visitor entrance');
    await drawer.getByRole('button', { name: 'Create reader' }).click();
    await expect(page.getByText('Created new entity')).toBeVisible();
    const created = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Visitor entrance', exact: true }) });
    await expect(created).toContainText('Not linked');
    await shot(page, info, 'readers-list');
    await logOut(page);
});
