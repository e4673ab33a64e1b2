import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { shot, signIn, signInAdmin } from './console';

type Screen = readonly [name: string, path: string, title: RegExp];

/**
 * The main screens, each with a word of the title the app bar shows once it is there, and who sees them: a
 * customer account's moderator the account's screens, the platform admin the platform's.
 */
const SCREENS: readonly { who: 'moderator' | 'admin'; screens: readonly Screen[] }[] = [
    {
        who: 'moderator',
        screens: [
            ['dashboard', '/', /Dashboard/],
            ['devices', '/devices', /Devices/],
            ['events', '/events', /Security Events/],
            ['profiles', '/profiles', /Profiles/],
            ['users', '/users', /Users/],
            ['access-groups', '/access_groups', /Access groups/i],
        ],
    },
    {
        who: 'admin',
        screens: [
            ['firmware', '/firmware-updates', /Deployments/],
            ['settings', '/settings', /Settings/],
        ],
    },
];

/** A page of its own (its own react-admin store) signed in as that user, at that size. */
const signedIn = async (browser: Browser, who: 'moderator' | 'admin', viewport: { width: number; height: number }) => {
    const page = await browser.newPage({ viewport });
    if (who === 'admin') await signInAdmin(page);
    else {
        await page.goto('/login');
        await signIn(page, E2E.moderator);
        await expect(page.locator('#react-admin-title')).toHaveText(/Dashboard/);
    }
    return page;
};

/** Opens a screen and waits until it has drawn its content (its title, no progress bar left). */
const open = async (page: Page, [, path, title]: Screen) => {
    await page.goto(path);
    await expect(page.locator('#react-admin-title')).toHaveText(title);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
};

/** Whether the page is painted dark (react-admin's CssBaseline: the theme's background.default on the body). */
const dark = async (page: Page) => {
    const rgb = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
    return r! + g! + b! < 3 * 64;
};

const toggle = (page: Page) => page.getByRole('button', { name: 'Toggle light/dark mode' }).click();

test('the sign-in page wears the brand colours', async ({ page }, info) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await shot(page, info, 'theme-light-login');
});

for (const { who, screens } of SCREENS)
    test(`the ${who} turns the dark theme on in the app bar; it stays after a reload, and each screen is drawn in both`, async ({
        browser,
    }, info) => {
        const page = await signedIn(browser, who, { width: 1440, height: 900 });
        for (const screen of screens) {
            await open(page, screen);
            expect(await dark(page)).toBe(false);
            await shot(page, info, `theme-light-${screen[0]}`);
        }

        await toggle(page);
        await expect.poll(() => dark(page)).toBe(true);
        await page.reload();
        await expect(page.locator('#react-admin-title')).toHaveText(screens.at(-1)![2]);
        expect(await dark(page)).toBe(true);
        for (const screen of screens) {
            await open(page, screen);
            expect(await dark(page)).toBe(true);
            await shot(page, info, `theme-dark-${screen[0]}`);
        }

        await toggle(page);
        await expect.poll(() => dark(page)).toBe(false);
        await page.close();
    });

for (const [width, height] of [
    [1024, 768],
    [390, 844],
] as const)
    for (const { who, screens } of SCREENS)
        test(`at ${width} px the menu folds by itself and no screen of the ${who} scrolls sideways`, async ({ browser }, info) => {
            const page = await signedIn(browser, who, { width, height });
            // folded to its icons on a laptop; on a phone hidden behind the menu button
            if (width > 600) await expect(page.locator('.RaSidebar-closed')).toHaveCount(1);
            else await expect(page.getByRole('menuitem', { name: 'Devices' })).toBeHidden();
            for (const screen of screens) {
                await open(page, screen);
                const sizes = await page.evaluate(() => {
                    const bar = document.querySelector('.RaAppBar-toolbar')!;
                    return {
                        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
                        bar: [bar.scrollWidth, bar.clientWidth],
                    };
                });
                expect(sizes.page[0], `${screen[0]}: the page is wider than the screen`).toBeLessThanOrEqual(sizes.page[1]!);
                expect(sizes.bar[0], `${screen[0]}: the app bar overflows`).toBeLessThanOrEqual(sizes.bar[1]!);
                await shot(page, info, `width-${width}-${screen[0]}`);
            }
            if (who === 'admin') {
                // the account switcher fits the screen
                await page.getByRole('button', { name: 'Switch Account' }).click();
                const drawer = page.getByRole('dialog', { name: 'Switch Account' });
                await expect(drawer).toBeVisible();
                // it slides in from the right: measure where it comes to rest
                await expect
                    .poll(
                        async () => {
                            const box = (await drawer.boundingBox())!;
                            return box.x >= 0 && box.x + box.width <= width;
                        },
                        { message: 'the Switch Account drawer does not fit the screen' },
                    )
                    .toBe(true);
                await shot(page, info, `width-${width}-switch-account`);
                // viewing a customer account: its dialog fits, and so does the bar with its badge and Back to My Account
                await drawer.getByText('Contoso Offices').click();
                await drawer.getByRole('button', { name: 'Confirm' }).click();
                const told = page.getByRole('dialog', { name: /Contoso Offices/ });
                await expect(told).toBeVisible();
                const dialog = (await told.boundingBox())!;
                expect(dialog.x).toBeGreaterThanOrEqual(0);
                expect(dialog.x + dialog.width).toBeLessThanOrEqual(width);
                await shot(page, info, `width-${width}-switched-dialog`);
                await told.getByRole('button', { name: 'OK' }).click();
                await expect(page.getByRole('button', { name: 'Back to My Account' })).toBeVisible();
                const bar = await page.evaluate(() => {
                    const toolbar = document.querySelector('.RaAppBar-toolbar')!;
                    return [toolbar.scrollWidth, toolbar.clientWidth];
                });
                expect(bar[0], 'the app bar of a customer account overflows').toBeLessThanOrEqual(bar[1]!);
                await shot(page, info, `width-${width}-customer-account`);
            }
            if (width > 600) {
                // and opens again when the window grows past 1200 px
                await page.setViewportSize({ width: 1440, height });
                await expect(page.locator('.RaSidebar-closed')).toHaveCount(0);
                await expect(page.getByRole('menuitem', { name: 'Devices' })).toContainText('Devices');
            }
            await page.close();
        });
