import { expect, test } from '@playwright/test';
import { E2E } from './credentials.mjs';

test('the admin signs in and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E.admin.email);
    await page.getByLabel('Password').fill(E2E.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Platform Administrator').first()).toBeVisible();
});
