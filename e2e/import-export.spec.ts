import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E } from './credentials.mjs';
import { adminApi, logOut, shot, signIn, signInAdmin } from './console';

/**
 * Import and export of an account's data (SPEC 3 import/export section,
 * 7.2): an account administrator exports Contoso Offices as
 * platform_data.zip from the account page; the platform admin creates a new
 * account, imports the file into it from its own page, and finds its
 * profiles there.
 */

test('a moderator exports the account data, the admin imports it into a new account and finds its profiles', async ({
    page,
    request,
}, info) => {
    const admin = await adminApi(request);
    const contoso = (await admin.get('/accounts?cross_account=true&q=Contoso')).result[0] as { id: number };
    const profilesOf = async (accountId: number) =>
        (await admin.get(`/profiles?account_id=${accountId}&visitor=false&per_page=1`)).count as number;

    // The account administrator of Contoso Offices: Account Settings opens the own account page.
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${contoso.id}$`));
    await page.getByRole('tab', { name: 'Import/export' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const ready = page.getByRole('status').filter({ hasText: 'platform_data.zip is ready' });
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await shot(page, info, 'export-ready');
    const [download] = await Promise.all([
        page.waitForEvent('download'),
        ready.getByRole('button', { name: 'Download platform_data.zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('platform_data.zip');
    const zip = info.outputPath('platform_data.zip');
    await download.saveAs(zip);
    expect(fs.readFileSync(zip).subarray(0, 2).toString()).toBe('PK');
    await logOut(page);

    // The admin makes a new account and imports the file from that account's page.
    const name = `Imported Contoso ${Date.now()}`;
    await signInAdmin(page);
    await page.goto('/accounts');
    await page.getByRole('button', { name: 'Create account' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create account' });
    await drawer.getByLabel('Name').fill(name);
    await drawer.getByLabel('Reference number').fill('IMP-E2E');
    await drawer.getByLabel('Email').fill('imported@contoso.test');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/accounts\/\d+$/);
    const target = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await profilesOf(target)).toBe(0);

    await page.getByRole('tab', { name: 'Import/export' }).click();
    await page.locator('input[type=file]').setInputFiles(zip);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Import platform_data.zip into this account?' });
    await expect(confirm).toContainText('Nothing already in the account is deleted');
    await confirm.getByRole('button', { name: 'Import' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Import finished' });
    await expect(done).toContainText(/Imported: .*profiles/, { timeout: 60_000 });
    await expect(done).not.toContainText('*|*');
    await shot(page, info, 'import-export');
    const [report] = await Promise.all([page.waitForEvent('download'), done.getByRole('button', { name: 'Download the report' }).click()]);
    expect(report.suggestedFilename()).toBe('import_report.csv');
    const reportPath = info.outputPath('import_report.csv');
    await report.saveAs(reportPath);
    expect(fs.readFileSync(reportPath, 'utf8').split('\n')[0]).toBe('kind,item,reason');

    // Its profiles are those of Contoso Offices, listed under the new account.
    expect(await profilesOf(target)).toBe(await profilesOf(contoso.id));
    await page.goto(`/profiles?account_id=${target}`);
    await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(name);
    await expect(page.getByRole('cell', { name: /^CON-\d{4}$/ }).first()).toBeVisible();
    await logOut(page);
});
