import { expect, test } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { adminApi, logOut, shot, signIn, totp } from './console';

test.describe.configure({ mode: 'serial' });

// The first sign-in of the admin through the console: the spec files run one at a time in name order, and those before this one
// (access groups, backup, whose restore brings back the platform as it was before its own sign-in) leave the terms unaccepted.
test('the admin accepts the terms at the first sign-in and sees the main screens', async ({ page }, info) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect_url=%2F/);
    await shot(page, info, 'login');
    await signIn(page, E2E.admin.email);
    await expect(page.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Welcome, Platform Administrator')).toBeVisible();
    await shot(page, info, 'dashboard');
    for (const [path, name, text] of [
        ['/accounts', 'accounts', 'Northwind Security'],
        ['/users', 'users', 'Platform Administrator'],
        ['/roles', 'roles', 'Each user has one role'],
        ['/audit_logs', 'audit-log', 'Sign-in'],
    ] as const) {
        await page.goto(path);
        await expect(page.getByText(text).first()).toBeVisible();
        await shot(page, info, name);
    }
    await page.goto('/accounts');
    await page.getByText('Northwind Security').click();
    await expect(page).toHaveURL(/\/accounts\/\d+$/);
    // The field by its role: until the account's page replaces the list, the sort button of the list's column matches the label too.
    await expect(page.getByRole('textbox', { name: 'Reference number' })).toHaveValue('D-1001');
    await shot(page, info, 'account');
    await page.goto('/no-such-screen');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Back home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await logOut(page);
});

test('sign-in keeps redirect_url, and logging out ends the session', async ({ page }) => {
    // On the way to the sign-in page the console asks the server nothing that needs a session (a 401 in the browser's console).
    const refused: string[] = [];
    page.on('response', response => {
        if (response.status() === 401) refused.push(response.url());
    });
    await page.goto('/users?role=manager');
    await expect(page).toHaveURL(/\/login\?redirect_url=%2Fusers%3Frole%3Dmanager/);
    // The sign-in page stays put: no navigation loop while the user types.
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await page.waitForTimeout(1000);
    expect(navigations).toBe(0);
    expect(refused).toEqual([]);
    await signIn(page, E2E.dealer);
    await expect(page).toHaveURL(/\/users\?role=manager/);
    await expect(page.getByText('manager@northwind-security.example')).toBeVisible();
    await expect(page.getByText('user@northwind-security.example')).toHaveCount(0);
    await logOut(page);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login\?redirect_url=%2Fusers/);
});

test('a user created in the drawer shows the validation messages, then sets a first password at sign-in', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Create user' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create user' });
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(drawer.getByText('Name is required')).toBeVisible();
    await expect(drawer.getByText('Password is required')).toBeVisible();
    await drawer.getByLabel('Email').fill('not-an-email');
    await drawer.getByLabel('Password', { exact: true }).fill('short');
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(drawer.getByText('Invalid email address')).toBeVisible();
    await expect(drawer.getByText('Password must be at least 8 characters')).toBeVisible();
    await shot(page, info, 'user-drawer-validation');

    await drawer.getByLabel('Name').fill('Erin Example');
    await drawer.getByLabel('Email').fill('erin@contoso.test');
    await drawer.getByLabel('Password', { exact: true }).fill('Temp#Pass1');
    await drawer.getByLabel('Confirm password').fill('Temp#Pass1');
    await drawer.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Created new entity')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'erin@contoso.test' })).toBeVisible();
    await logOut(page);

    await signIn(page, 'erin@contoso.test', 'Temp#Pass1');
    await expect(page).toHaveURL(/\/initial-password-setup/);
    await page.getByLabel('New password').fill('weakpassword');
    await page.getByLabel('Confirm password').fill('weakpassword');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Password strength not met')).toBeVisible();
    await page.getByLabel('New password').fill('Erin#Own1');
    await page.getByLabel('Confirm password').fill('Erin#Own1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Welcome, Erin Example')).toBeVisible();
    await logOut(page);
    await signIn(page, 'erin@contoso.test', 'Erin#Own1');
    await expect(page.getByText('Welcome, Erin Example')).toBeVisible();
});

test('two-factor setup with a generated code, then sign-in with a fresh code', async ({ page, request }, info) => {
    const api = await adminApi(request);
    const fabrikam = (await api.get('/accounts?cross_account=true&q=Fabrikam')).result[0];
    expect(
        (
            await api.put(`/accounts/${fabrikam.id}/options`, {
                options: [
                    ...fabrikam.options.filter((o: { name: string }) => o.name !== 'tfa/enabled'),
                    { type: 'bool', name: 'tfa/enabled', value: 'true' },
                ],
            })
        ).status(),
    ).toBe(200);

    await page.goto('/login');
    await signIn(page, 'manager@fabrikam-labs.example');
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code' })).toBeVisible();
    const secret = await page.getByTestId('tfa-secret').inputValue();
    await shot(page, info, 'two-factor-setup');
    await page.getByLabel('One-time code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Welcome, Fabrikam Manager')).toBeVisible();
    await logOut(page);

    await signIn(page, 'manager@fabrikam-labs.example');
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // The code of the next time step: the one just used is spent (a code works once).
    await page.getByLabel('One-time code').fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Welcome, Fabrikam Manager')).toBeVisible();
    await logOut(page);
});

test('a dealer switches to a customer account and back', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    await expect(page.getByTestId('current-account')).toHaveText('Northwind Security');
    await page.getByRole('button', { name: 'Switch Account' }).click();
    const drawer = page.getByRole('dialog', { name: 'Switch Account' });
    await expect(drawer.getByText('my account')).toBeVisible();
    await drawer.getByLabel('Search accounts').fill('Contoso');
    await expect(drawer.getByText('Fabrikam Labs')).toHaveCount(0);
    await drawer.getByText('Contoso Offices').click();
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('dialog', { name: 'Contoso Offices Active' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Contoso Offices Active' }).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await expect(page.getByText('Customer Account')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page.getByText('moderator@contoso-offices.example')).toBeVisible();
    await shot(page, info, 'customer-account');
    await page.getByRole('button', { name: 'Back to My Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Northwind Security Dealer Account Active' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Northwind Security Dealer Account Active' }).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('current-account')).toHaveText('Northwind Security');
    await expect(page.getByText('Customer Account')).toHaveCount(0);
    await expect(page.getByText('dealer@northwind-security.example')).toBeVisible();
});

test('the page size of a list is remembered after leaving it and after a reload', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users/);
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '50' }).click();
    await expect(page).toHaveURL(/per_page=50/);
    await page.goto('/');
    await expect(page.getByText('Welcome, Northwind Dealer')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page).toHaveURL(/per_page=50/);
    await page.goto('/users');
    await expect(page).toHaveURL(/per_page=50/);
    await page.reload();
    await expect(page).toHaveURL(/per_page=50/);
    await expect(page.getByRole('combobox', { name: /Rows per page/ })).toHaveText('50');
});

test('a moderator creates a custom card format after a validation error', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.getByRole('tab', { name: 'Card formats' }).click();
    await expect(page.getByRole('cell', { name: '26-bit H10301' })).toBeVisible();
    await page.getByRole('button', { name: 'Create card format' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create card format' });
    await drawer.getByLabel('Name').fill('Contoso 30-bit');
    await drawer.getByLabel('Number of bits').fill('300');
    await drawer.getByRole('button', { name: 'Create card format' }).click();
    await expect(drawer.getByText('Must be a positive integer, at most 256', { exact: true })).toBeVisible();
    await shot(page, info, 'card-format-validation');
    await drawer.getByLabel('Number of bits').fill('26');
    await expect(drawer.getByTestId('card-format-preview')).toContainText('10000000100000000000000010');
    await drawer.getByRole('button', { name: 'Create card format' }).click();
    await expect(page.getByText('Created new entity')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Contoso 30-bit' })).toBeVisible();
    await shot(page, info, 'card-formats');
});
