import { expect, test, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { logOut, shot, signIn, signInAdmin } from './console';

/**
 * One account scope on every list (docs/decisions.md "Account scope of lists"): the admin and a dealer see their
 * customers' rows with an Account column, a customer's moderator its own only, and each dashboard tile counts what
 * the list it opens shows.
 */
test.describe.configure({ mode: 'serial' });

const accountHeader = (page: Page) => page.getByRole('columnheader', { name: 'Account', exact: true });
const accountFilter = (page: Page) => page.getByRole('combobox', { name: 'Account' });
/** The rows of the list on the screen, in words. */
const rowsText = (page: Page) => page.locator('table tbody').first();
/** What the list's pagination says it holds ("1-20 of 123"); 0 when it shows none. */
const listTotal = async (page: Page) => {
    const range = page.getByText(/^\d+-\d+ of \d+$/).first();
    const empty = page
        .getByTestId('list-empty')
        .or(page.getByText('No results found', { exact: false }))
        // react-admin's own words when filters (the dashboard link's, e.g. Pending approval) match no row, before its Clear filters button
        .or(page.getByText(/^No .+ found using the current filters\./))
        .first();
    await expect(range.or(empty)).toBeVisible();
    if (!(await range.isVisible())) return 0;
    return Number(/of (\d+)$/.exec((await range.textContent()) ?? '')![1]);
};

const seesCustomers = async (page: Page, who: string, info: Parameters<typeof shot>[1], customers: string[]) => {
    await page.goto('/profiles');
    await expect(accountFilter(page)).toHaveValue('All my accounts');
    await expect(accountHeader(page)).toBeVisible();
    await expect(rowsText(page)).toContainText('Contoso Offices');
    // the other customers' people are in the same list: one of Fabrikam Labs, found by its ACS ID
    await page.goto('/profiles?account_id=all&q=FAB-0001');
    await expect(rowsText(page)).toContainText('Fabrikam Labs');
    await shot(page, info, `${who}-profiles`);

    await page.goto('/web-enrollments');
    await expect(accountHeader(page)).toBeVisible();
    for (const name of ['Contoso Offices', 'Fabrikam Labs']) await expect(rowsText(page)).toContainText(name);
    await shot(page, info, `${who}-web-enrollments`);

    await page.goto('/visitors');
    await expect(accountHeader(page).first()).toBeVisible();
    for (const name of customers) await expect(rowsText(page)).toContainText(name);
    await shot(page, info, `${who}-visitors`);

    // Updates: the releases the readers of every account in reach report
    await page.goto('/firmware-updates');
    await expect(page.getByText('Installed firmware')).toBeVisible();
    await expect(page.getByText(/\d+ readers?$/).first()).toBeVisible();
    await expect(page.getByText('No approved reader reports a release', { exact: false })).toHaveCount(0);
    await shot(page, info, `${who}-updates`);
};

test("the admin sees every customer's profiles, web enrollments, visitors and installed firmware, with their account", async ({
    page,
}, info) => {
    await signInAdmin(page);
    await seesCustomers(page, 'admin', info, ['Contoso Offices', 'Fabrikam Labs', 'Tailspin Clinic']);
    await logOut(page);
});

test("a dealer sees its customers' rows, and none of another dealer's", async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    await expect(page.getByTestId('current-account')).toHaveText('Northwind Security');
    await seesCustomers(page, 'dealer', info, ['Contoso Offices', 'Fabrikam Labs']);
    await page.goto('/visitors');
    await expect(rowsText(page)).not.toContainText('Tailspin Clinic');
    await logOut(page);
});

test("a customer's moderator sees its own account only, with no account filter or column", async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await expect(page.getByTestId('current-account')).toHaveText('Contoso Offices');
    await page.goto('/profiles');
    await expect(rowsText(page)).toContainText('CON-0001');
    await expect(accountHeader(page)).toHaveCount(0);
    await expect(accountFilter(page)).toHaveCount(0);
    await page.goto('/profiles?q=FAB-0001');
    expect(await listTotal(page)).toBe(0);
    await page.goto('/visitors');
    await expect(rowsText(page)).toContainText('100:9000');
    await expect(rowsText(page)).not.toContainText('101:9000');
    await shot(page, info, 'moderator-visitors');
    await logOut(page);
});

/** Each tile's figure, then the number of rows of the list it opens; back to the dashboard by its menu entry. */
const tilesMatchTheirLists = async (page: Page) => {
    await page.goto('/');
    for (const tile of ['Users', 'Devices online', 'Devices waiting for approval', 'Security events, last 24 hours', 'Profiles']) {
        const link = page.getByRole('link', { name: tile, exact: true });
        await expect(link).toBeVisible();
        // the tile's figure is its second paragraph, under its label (the hint below holds numbers too)
        const figure = Number(((await link.locator('p').nth(1).textContent()) ?? '').replace(/\D/g, ''));
        await link.click();
        await expect(page).not.toHaveURL(/\/$/);
        expect(await listTotal(page), `${tile}: ${figure}`).toBe(figure);
        await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    }
};

// Ten lists and two sign-ins: one test per role keeps each within the timeout on a loaded two-core machine.
test("each dashboard tile's number is the row count of the list it opens, for the admin", async ({ page }) => {
    await signInAdmin(page);
    await tilesMatchTheirLists(page);
    await logOut(page);
});

test("each dashboard tile's number is the row count of the list it opens, for a dealer", async ({ page }) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    await expect(page.getByTestId('current-account')).toHaveText('Northwind Security');
    await tilesMatchTheirLists(page);
    await logOut(page);
});
