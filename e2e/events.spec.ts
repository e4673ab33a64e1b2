import fs from 'node:fs';
import { expect, request as newRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { E2E } from './credentials.mjs';
import { shot, signIn } from './console';
import { approvedReader } from './eventsReader';

test.describe.configure({ mode: 'serial' });

// The journeys' readers live for the whole file: they heartbeat on a context of their own.
let api: APIRequestContext;
const readers: { stop(): void }[] = [];
const reader = async (description: string) => {
    const r = await approvedReader(api, 'Contoso Offices', description);
    readers.push(r);
    return r;
};
test.beforeAll(async ({ baseURL }) => {
    api = await newRequest.newContext({ baseURL });
});
test.afterAll(async () => {
    for (const r of readers) r.stop();
    await api.dispose();
});

/** The names of the files in a zip. */
const zipEntries = (file: string) =>
    new Promise<string[]>((resolve, reject) =>
        yauzl.open(file, { lazyEntries: true }, (error, zip) => {
            if (error || !zip) return reject(error ?? new Error('no zip'));
            const names: string[] = [];
            zip.on('entry', (entry: yauzl.Entry) => {
                names.push(entry.fileName);
                zip.readEntry();
            });
            zip.on('end', () => resolve(names));
            zip.on('error', reject);
            zip.readEntry();
        }),
    );

const openEvents = async (page: Page, email: string, path = '/events') => {
    await page.goto(`/login?redirect_url=${encodeURIComponent(path)}`);
    await signIn(page, email);
    await expect(
        page.getByRole('heading', { name: 'Terms of service' }).or(page.getByRole('tablist', { name: 'Event groups' })),
    ).toBeVisible();
    if (await page.getByRole('button', { name: 'Accept' }).isVisible()) await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('tablist', { name: 'Event groups' })).toBeVisible();
};

test('an incident opens in Event Details with a box drawn over each face region', async ({ page }, info) => {
    const lobby = await reader('Lobby reader');
    await lobby.post({ event: '1FAFaceAuthenticated' }, 1);
    await lobby.post({ event: 'TailgatingByUnknownUser', tailgated: true }, 2);
    const thumbnail = page.waitForResponse(r => r.url().includes('/files/') && r.url().includes('size=thumbnail') && r.ok());
    await openEvents(page, E2E.moderator);
    const row = page.getByRole('row').filter({ hasText: 'Tailgating by unknown user' }).filter({ hasText: 'Lobby reader' }).first();
    await expect(row.getByRole('img', { name: 'Tailgating by unknown user' })).toBeVisible();
    // The rows show the server's small copies; the list fits the 1280-pixel window (the group tabs scroll, not the page).
    expect((await thumbnail).headers()['content-type']).toBe('image/jpeg');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, info, 'events-list');
    await row.getByText('Tailgating by unknown user').click();
    const drawer = page.getByRole('dialog', { name: 'Event Details' }).last();
    const picture = drawer.getByRole('img', { name: 'Tailgating by unknown user' });
    await expect(picture).toBeVisible();
    const overlay = drawer.getByRole('img', { name: '2 face regions' });
    await expect(overlay).toBeVisible();
    // each box sits over its region: the overlay covers the picture and the rect scales with it.
    // Measured in one frame, since the drawer may still be sliding in.
    const m = await drawer.evaluate((root: HTMLElement) => {
        const img = root.querySelector('img[alt="Tailgating by unknown user"]') as HTMLImageElement;
        const svg = root.querySelector('svg[aria-label="2 face regions"]')!;
        const rect = svg.querySelector('rect')!;
        const box = (e: Element) => e.getBoundingClientRect();
        return {
            image: box(img),
            cover: box(svg),
            drawn: box(rect),
            natural: img.naturalWidth,
            roi: { x: Number(rect.getAttribute('x')), w: Number(rect.getAttribute('width')) },
        };
    });
    expect(Math.abs(m.cover.x - m.image.x)).toBeLessThan(1);
    expect(Math.abs(m.cover.width - m.image.width)).toBeLessThan(1);
    const scale = m.image.width / m.natural;
    expect(Math.abs(m.drawn.x - (m.image.x + m.roi.x * scale))).toBeLessThan(4);
    expect(Math.abs(m.drawn.width - m.roi.w * scale)).toBeLessThan(6);
    await expect(drawer.getByText('Tailgating detected')).toBeVisible();
    await shot(page, info, 'event-details-incident');
    // an authentication shows its picture without boxes
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('row').filter({ hasText: 'Face authenticated (1FA)' }).first().getByText('Face authenticated (1FA)').click();
    const auth = page.getByRole('dialog', { name: 'Event Details' }).last();
    await expect(auth.getByRole('img', { name: 'Face authenticated (1FA)' })).toBeVisible();
    await expect(auth.getByRole('img', { name: /face region/ })).toHaveCount(0);
});

test('Tailgating over the last 3 days: the tab and the period filter the list and stay in the URL', async ({ page }, info) => {
    const garage = await reader('Garage door');
    const old = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await garage.post({ event: 'TailgatingByKnownUser', timestamp: old }, 2);
    await garage.post({ event: 'TailgatingByKnownUser' }, 2);
    await garage.post({ event: 'CrossingByUnknownUser' }, 1);
    await openEvents(page, E2E.moderator);
    await page.getByRole('tab', { name: 'Tailgating' }).click();
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Last 3 days' }).click();
    await expect(page).toHaveURL(/group=tailgating/);
    await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\dT/);
    const rows = page.locator('tbody tr');
    await expect(rows.filter({ hasText: 'Garage door' })).toHaveCount(1);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Tailgating by/);
    await expect(page.getByRole('tab', { name: 'Tailgating' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Last 3 days' })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, info, 'events-tailgating-3-days');
    // the URL alone brings the same list back
    await page.reload();
    await expect(rows.filter({ hasText: 'Garage door' })).toHaveCount(1);
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Any time' }).click();
    await expect(rows.filter({ hasText: 'Garage door' })).toHaveCount(2);
});

test('a dealer exports the filtered events of the accounts below as a zip', async ({ page }, info) => {
    await openEvents(page, E2E.dealer, '/events?cross_account=true&group=tailgating');
    await expect(page.locator('tbody tr').filter({ hasText: 'Garage door' }).first()).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^events-logs-\d{8}-\d{6}\.zip$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const names = await zipEntries(file);
    expect(names).toContain('events.csv');
    // the tailgating events' frames travel with them
    expect(names.filter(n => /\.(jpe?g|png)$/i.test(n)).length).toBeGreaterThanOrEqual(3);
    await shot(page, info, 'events-export');
});

test('a new event appears live; paused, it is counted until Show', async ({ page }, info) => {
    const side = await reader('Side entrance');
    await openEvents(page, E2E.moderator);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await side.post({ event: 'UnauthorizedEntryByUnknownUser' }, 1);
    const live = page.locator('tbody tr').filter({ hasText: 'Side entrance' }).filter({ hasText: 'Unauthorized entry by unknown user' });
    await expect(live).toHaveCount(1);
    expect(navigations).toBe(0);
    await shot(page, info, 'events-live');
    await page.getByRole('button', { name: 'Pause live updates' }).click();
    await expect(page.getByRole('status')).toHaveText('Paused');
    await side.post({ event: 'SpoofingWithoutAccess' }, 1);
    await side.post({ event: 'CrossingByKnownUser' }, 1);
    // at least those two (a demo reader may report something meanwhile)
    const unseen = page.getByRole('button', { name: /^\d+ new events · Show$/ });
    await expect(unseen).toBeVisible();
    expect(Number((await unseen.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(2);
    await expect(page.locator('tbody tr').filter({ hasText: 'Crossing by known user' }).filter({ hasText: 'Side entrance' })).toHaveCount(
        0,
    );
    await shot(page, info, 'events-live-paused');
    await unseen.click();
    await expect(page.locator('tbody tr').filter({ hasText: 'Crossing by known user' }).filter({ hasText: 'Side entrance' })).toHaveCount(
        1,
    );
    await expect(page.getByRole('status')).toHaveText('Live');
});

test('the dashboard shows the latest incidents with their pictures and leads to the events behind its figures', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    const incidents = page.getByRole('region', { name: 'Latest incidents' });
    const tailgating = incidents.getByRole('article', { name: 'Tailgating by unknown user' }).first();
    await expect(tailgating.getByRole('img', { name: 'Tailgating by unknown user' })).toBeVisible();
    await expect(
        page.getByRole('region', { name: 'Security events by group, last 24 hours' }).getByRole('link', { name: /Tailgating/ }),
    ).toBeVisible();
    await shot(page, info, 'dashboard-events');
    await page.getByRole('link', { name: 'Security events, last 24 hours' }).click();
    await expect(page).toHaveURL(/\/events\?.*from=/);
    // the dashboard's cross_account=true opens the list on all the dealer's accounts
    await expect(page).toHaveURL(/account_id=all/);
    await expect(page.locator('tbody tr').filter({ hasText: 'Side entrance' }).first()).toBeVisible();
    await page.goto('/');
    await tailgating.click();
    await expect(page).toHaveURL(/\/events\?.*group=tailgating/);
    await expect(page.getByRole('tab', { name: 'Tailgating' })).toHaveAttribute('aria-selected', 'true');
});

test('Statistics charts the events of the accounts below and downloads each chart as CSV', async ({ page }, info) => {
    await page.goto('/login');
    await signIn(page, E2E.dealer);
    await page.getByRole('menuitem', { name: 'Statistics' }).click();
    await expect(page).toHaveURL(/\/statistics/);
    const account = page.getByRole('combobox', { name: 'Account' });
    // A dealer in its own account starts on all its accounts, as its dashboard counts them.
    await expect(account).toHaveValue('All my accounts');
    await account.click();
    await account.fill('Contoso');
    await page.getByRole('option', { name: 'Contoso Offices' }).click();
    await expect(page).toHaveURL(/account_id=\d+/);
    await account.click();
    await account.fill('All');
    await page.getByRole('option', { name: 'All my accounts' }).click();
    await expect(page).toHaveURL(/account_id=all/);
    // The busiest readers of the dealer's customers (Contoso Offices, Fabrikam Labs), none of the other dealer's (Tailspin Clinic).
    const readers = page.getByRole('region', { name: 'Events per reader' });
    await expect(readers.getByText('Main entrance')).toBeVisible();
    await expect(readers.getByText('Front gate')).toBeVisible();
    await expect(readers.getByText('Reception')).toHaveCount(0);
    await expect(readers.getByText('Pharmacy door')).toHaveCount(0);
    await expect(
        page.getByRole('region', { name: 'Authentications versus incidents' }).getByText('Incidents', { exact: true }),
    ).toBeVisible();
    await shot(page, info, 'statistics');
    const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV: Busiest hours' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^events-statistics-hour-\d{8}-\d{6}\.csv$/);
    const csv = fs
        .readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\n');
    expect(csv[0]).toBe('hour,count');
    expect(csv.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBeGreaterThanOrEqual(10);
});
