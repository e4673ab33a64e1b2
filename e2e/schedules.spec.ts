import { expect, test } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { logOut, shot, signIn } from './console';

test('a moderator creates a schedule, sees it in the week view, and gives it to an access group', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await page.getByRole('menuitem', { name: 'Schedules' }).click();
    await page.getByRole('link', { name: 'Add Schedule' }).click();

    // exact: the list's sort buttons ("Sort by name descending") may still be on screen
    await page.getByLabel('Name', { exact: true }).fill('Front desk hours');
    await page.getByLabel('Time zone', { exact: true }).fill('Europe/Berlin');
    const week = page.getByRole('figure', { name: 'Week' });
    for (const [i, day] of ['Mon', 'Tue'].entries()) {
        await page.getByRole('button', { name: 'Add' }).first().click();
        await page.getByRole('combobox').nth(i).click();
        await page.getByRole('option', { name: day, exact: true }).click();
        await page.getByLabel('Start').nth(i).fill('08:00');
        await page
            .getByLabel('End')
            .nth(i)
            .fill(i === 0 ? '18:00' : '24:00');
    }
    // drawn as it is typed
    await expect(week.getByRole('img', { name: 'Mon 08:00–18:00' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Schedule' }).click();
    await expect(page.getByText('Created new entity')).toBeVisible();

    // its page, loaded from the server: the same blocks in the week
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Front desk hours');
    await expect(week.getByRole('img', { name: 'Mon 08:00–18:00' })).toBeVisible();
    await expect(week.getByRole('img', { name: 'Tue 08:00–24:00' })).toBeVisible();
    const monday = await week.getByRole('img', { name: 'Mon 08:00–18:00' }).boundingBox();
    const tuesday = await week.getByRole('img', { name: 'Tue 08:00–24:00' }).boundingBox();
    // Tuesday's column is right of Monday's, and its block runs longer
    expect(tuesday!.x).toBeGreaterThan(monday!.x);
    expect(tuesday!.height).toBeGreaterThan(monday!.height);
    await shot(page, info, 'schedule-week');

    // the list, then an access group that follows it
    await page.getByRole('menuitem', { name: 'Schedules' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Front desk hours' })).toContainText('Europe/Berlin');
    await page.getByRole('menuitem', { name: 'Access Groups' }).click();
    await page.getByRole('button', { name: 'Add Access Group' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add Access Group' });
    await drawer.getByLabel('Description').fill('Front desk');
    await drawer.getByRole('combobox', { name: 'Schedule' }).click();
    await page.getByRole('option', { name: 'Front desk hours' }).click();
    await drawer.getByRole('button', { name: 'Add Access Group' }).click();
    await expect(page.getByText('Created new entity')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Schedules' }).click();
    // the groups column (the row's first cell is its checkbox for a delete of several)
    await expect(page.getByRole('row').filter({ hasText: 'Front desk hours' }).locator('td.column-groups_count')).toHaveText('1');
    await logOut(page);
});
