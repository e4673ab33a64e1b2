import { expect, test, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { adminApi, logOut, shot, signIn } from './console';

test.describe.configure({ mode: 'serial' });

/** Every DELETE the browser sends to the API, as the server would see it. */
const recordDeletes = (page: Page) => {
    const deletes: string[] = [];
    page.on('request', r => void (r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/') && deletes.push(r.url())));
    return deletes;
};

const signInModerator = async (page: Page) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
};

test('a moderator deletes an access group, undoes it without a DELETE sent, then deletes it for good', async ({ page }, info) => {
    const deletes = recordDeletes(page);
    await signInModerator(page);
    await page.getByRole('menuitem', { name: 'Access Groups' }).click();
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

    await page.getByRole('button', { name: 'Add Access Group' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Access Group' });
    await drawer.getByLabel('Description').fill('Boardroom annex');
    await drawer.getByRole('button', { name: 'Add Access Group' }).click();
    await expect(row('Boardroom annex')).toBeVisible();

    // No question: the row goes at once and the undo notice shows.
    await row('Boardroom annex').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const notice = page.getByRole('status').filter({ hasText: 'Element deleted' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible();
    await expect(row('Boardroom annex')).toHaveCount(0);
    await shot(page, info, 'delete-undo-notice');

    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(row('Boardroom annex')).toBeVisible();
    await expect(notice).toBeHidden();
    // the server still has it: a reload lists it, and no DELETE ever left the browser
    await page.reload();
    await expect(row('Boardroom annex')).toBeVisible();
    expect(deletes).toEqual([]);

    // This time the notice closes by itself (4.5 s), and then the DELETE goes.
    const sent = page.waitForRequest(r => r.method() === 'DELETE' && /\/api\/v2\/access_groups\/\d+$/.test(new URL(r.url()).pathname));
    await row('Boardroom annex').getByRole('button', { name: 'Delete' }).click();
    await expect(notice).toBeVisible();
    await expect(row('Boardroom annex')).toHaveCount(0);
    expect(deletes).toEqual([]);
    const reply = await (await sent).response();
    expect(reply?.status()).toBeLessThan(300);
    await expect(notice).toBeHidden();
    expect(deletes).toHaveLength(1);
    await page.reload();
    await expect(row('All staff')).toBeVisible();
    await expect(row('Boardroom annex')).toHaveCount(0);
    await logOut(page);
});

test('deleting a user asks first, naming the user, with Delete', async ({ page, request }, info) => {
    const admin = await adminApi(request);
    const contoso = (await admin.get('/accounts?cross_account=true&q=Contoso')).result[0];
    const made = await admin.post('/users', {
        name: 'Departing Temp',
        email: 'departing.temp@contoso-offices.example',
        role: 'user',
        account: { id: contoso.id },
        password: 'Temp#Pass1',
        confirm: 'Temp#Pass1',
    });
    expect(made.ok()).toBe(true);
    const { id } = (await made.json()) as { id: number };

    const deletes = recordDeletes(page);
    await signInModerator(page);
    await page.goto(`/users/${id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('dialog', { name: "Delete the user 'Departing Temp'?" });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'OK' })).toHaveCount(0);
    await shot(page, info, 'delete-user-confirmation');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    expect(deletes).toEqual([]);

    await page.getByRole('button', { name: 'Delete' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted User')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);
    expect(deletes).toHaveLength(1);
    expect((await admin.get(`/users?cross_account=true&q=departing.temp`)).result).toEqual([]);
    await logOut(page);
});
