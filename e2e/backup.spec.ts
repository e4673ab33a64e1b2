import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E } from './credentials.mjs';
import { adminApi, shot, signIn } from './console';

/**
 * Backup and restore of the whole platform, as the platform
 * admin does it in the console: a backup made now and downloaded, the
 * platform changed, the file restored through the screen, everyone signed
 * out; signed in again, the platform is as it was.
 */

const AFTER = 'After The Backup E2E';
let dir: string | undefined;

test.afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const signInAsAdmin = async (page: Page) => {
    await signIn(page, E2E.admin.email);
    const accept = page.getByRole('button', { name: 'Accept' });
    await expect(accept.or(page.getByRole('menuitem', { name: 'Dashboard' }))).toBeVisible();
    if (await accept.isVisible()) await accept.click();
};

const accountRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

/** A bearer header of the platform admin, signed in through the API. */
const bearer = async (request: APIRequestContext) => {
    const login = await request.post('/api/v2/login', { data: { username: E2E.admin.email, password: E2E.admin.password } });
    return { authorization: `Bearer ${(await login.json()).token}` };
};

test('the admin backs up, downloads the backup, restores it after a change and finds the platform as it was', async ({
    page,
    request,
}, info) => {
    test.setTimeout(300_000);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-e2e-'));
    // The platform as this test finds it (the admin may not have accepted the terms yet, which a later
    // suite expects), put back at the end: the suites after this one see it unchanged.
    const found = await request.get('/api/v2/system/backup', { headers: await bearer(request) });
    expect(found.status()).toBe(200);
    const asFound = await found.body();
    try {
        await journey(page, request, info, dir);
    } finally {
        const back = await request.post('/api/v2/system/restore', {
            headers: await bearer(request),
            multipart: { file: { name: 'as-found.tar', mimeType: 'application/x-tar', buffer: asFound } },
        });
        expect(back.status(), await back.text()).toBe(200);
    }
});

const journey = async (page: Page, request: APIRequestContext, info: TestInfo, folder: string) => {
    await page.goto('/login');
    await signInAsAdmin(page);
    await page.getByRole('menuitem', { name: 'Backup and Restore' }).click();
    await expect(page).toHaveURL(/\/backup_and_restore/);
    await expect(page.getByRole('heading', { name: 'Backup and Restore', level: 1 })).toBeVisible();

    // Back up now: a new backup, made by hand, written and checked.
    const backups = page.getByRole('region', { name: 'Backups' });
    await backups.getByRole('button', { name: 'Back up now' }).click();
    await expect(page.getByText('Backup written and checked')).toBeVisible({ timeout: 60_000 });
    const made = backups.getByRole('row').filter({ hasText: 'By hand' }).first();
    await expect(made.getByText('Verified')).toBeVisible();
    const name = (await made.getByText(/^backup-\d{8}-\d{6}(-\d+)?\.tar$/).textContent())!;
    await expect(page.getByRole('row', { name: /Backup.*System Manager/ }).first()).toBeVisible();
    await shot(page, info, 'backup-and-restore');

    // The kept backup, downloaded from its row; and one made as it is read.
    const kept = page.waitForEvent('download');
    await made.getByRole('button', { name: `Download ${name}` }).click();
    const keptFile = path.join(folder, name);
    await (await kept).saveAs(keptFile);
    expect(fs.statSync(keptFile).size).toBeGreaterThan(10_000);
    const now = page.waitForEvent('download');
    await backups.getByRole('button', { name: 'Download a backup now' }).click();
    const streamed = await now;
    expect(streamed.suggestedFilename()).toMatch(/^backup-\d{8}-\d{6}\.tar$/);
    await streamed.saveAs(path.join(folder, streamed.suggestedFilename()));
    expect(fs.statSync(path.join(folder, streamed.suggestedFilename())).size).toBeGreaterThan(10_000);

    // The platform changes after the backup: an account is added.
    const api = await adminApi(request);
    const northwind = (await api.get('/accounts?cross_account=true&q=Northwind')).result[0] as { id: number };
    const created = await api.post('/accounts', {
        name: AFTER,
        ref_number: 'AB-E2E',
        address: { email: 'after-backup@e2e.test' },
        parent_id: northwind.id,
        account_id: northwind.id,
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(`/accounts?q=${encodeURIComponent(AFTER)}`);
    await expect(accountRow(page, AFTER)).toBeVisible();

    // Restore the kept backup through the screen.
    await page.goto('/backup_and_restore');
    const restore = page.getByRole('region', { name: 'Restore from a file' });
    await restore.getByLabel('Backup file (.tar)').setInputFiles(keptFile);
    await expect(restore.getByText(name)).toBeVisible();
    await restore.getByRole('button', { name: 'Restore…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace this platform with this backup?' });
    await expect(confirm).toContainText('Every account, user, device, profile, event and file of this platform will be replaced');
    await expect(confirm).toContainText('Everyone, you included, will be signed out.');
    await confirm.getByRole('button', { name: 'Restore' }).click();

    // Everyone is signed out: the sign-in page, with the notice.
    await expect(page).toHaveURL(/\/login\?redirect_url=%2Fbackup_and_restore/, { timeout: 90_000 });
    await expect(page.getByText('Platform restored')).toBeVisible();
    await expect(page.getByText(/Everyone was signed out: sign in again\./)).toBeVisible();
    await shot(page, info, 'restored-sign-in');
    expect((await api.post('/accounts', { name: 'Refused', ref_number: 'R-1', parent_id: northwind.id })).status()).toBe(401);

    // Signed in again: back on the screen, the restore in the trail, the account added after the backup gone.
    await signInAsAdmin(page);
    await expect(page).toHaveURL(/\/backup_and_restore/);
    await expect(page.getByRole('row', { name: /Restore.*System Manager/ }).first()).toBeVisible();
    await page.goto(`/accounts?q=${encodeURIComponent(AFTER)}`);
    await expect(page.getByText(/found using the current filters/)).toBeVisible();
    await expect(accountRow(page, AFTER)).toHaveCount(0);
    await page.goto(`/accounts?q=Northwind`);
    await expect(accountRow(page, 'Northwind Security')).toBeVisible();
};
