import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DeploymentDeviceRecord, DeploymentRecord } from '../contract/firmware';
import { Fleet } from '../server/demo/fleet/fleet';
import { firmwarePlugin } from '../server/demo/fleet/firmware';
import { E2E } from './credentials.mjs';
import { adminApi, shot, signIn } from './console';

/**
 * The firmware journey: simulated readers of Contoso Offices are
 * approved; its account administrator uploads an artifact made by Debian's
 * mender-artifact (after a damaged one is refused), schedules it in two
 * phases and watches the readers download, install, reboot and report
 * until the status page says Finished.
 */

const READERS = 6;
let fleet: Fleet | undefined;
let dir: string | undefined;

test.afterAll(async () => {
    await fleet?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A datetime-local value (the browser's local time), to the second. */
const localInput = (date: Date) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

test('upload an artifact made by mender-artifact, schedule it in two phases, see the status page reach finished', async ({
    page,
    request,
    baseURL,
}, info) => {
    test.setTimeout(300_000);

    // The readers: registered with the account's code, approved by the platform admin.
    const admin = await adminApi(request);
    const contoso = ((await admin.get('/accounts?cross_account=true&per_page=100')).result as { id: number; name: string }[]).find(
        a => a.name === 'Contoso Offices',
    )!;
    const { code } = await admin.get(`/devices/registration_code?account_id=${contoso.id}`);
    fleet = new Fleet({
        url: baseURL!,
        devices: READERS,
        seed: `firmware-e2e-${Date.now()}`,
        prefix: 'E2E-FW',
        registrationCode: code,
        rampMs: 500,
        readerPlugins: [firmwarePlugin({ installMs: 1000, rebootMs: 3000 })],
    }).start();
    let pending: { id: number }[] = [];
    await expect
        .poll(async () => (pending = (await admin.get(`/devices?account_id=${contoso.id}&status=pending&per_page=100`)).result).length, {
            timeout: 30_000,
        })
        .toBe(READERS);
    for (const device of pending) expect((await admin.put(`/devices/${device.id}/approve`, { account_id: contoso.id })).status()).toBe(200);

    // The firmware, made at test time, and a damaged copy of it.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-e2e-'));
    fs.writeFileSync(path.join(dir, 'rootfs.ext4'), randomBytes(512 * 1024));
    const good = path.join(dir, 'rock-os-5.0.0.mender');
    execFileSync('mender-artifact', [
        'write',
        'rootfs-image',
        '-n',
        'rock-os-5.0.0',
        '-t',
        'rock-gen2',
        '-t',
        'rock-gen3',
        '-t',
        'rock-mini',
        '-f',
        path.join(dir, 'rootfs.ext4'),
        '-o',
        good,
        '--no-progress',
    ]);
    const broken = path.join(dir, 'rock-os-5.0.0-broken.mender');
    fs.writeFileSync(broken, fs.readFileSync(good).subarray(0, 200_000));

    await page.goto('/login');
    await signIn(page, E2E.moderator);
    const accept = page.getByRole('button', { name: 'Accept' });
    await expect(accept.or(page.getByRole('menuitem', { name: 'Updates' }))).toBeVisible();
    if (await accept.isVisible()) await accept.click();

    // Updates: the damaged file is refused with its reason, the good one is listed.
    await page.getByRole('menuitem', { name: 'Updates' }).click();
    await expect(page).toHaveURL(/\/firmware-updates$/);
    await page.getByRole('button', { name: 'Updates' }).click();
    await expect(page).toHaveURL(/\/firmware-updates\/versions/);
    await page.getByRole('button', { name: 'Upload firmware' }).click();
    // The drawer's paper and its content both carry the dialog role and the title.
    const drawer = page.getByRole('dialog', { name: 'Upload firmware' }).first();
    await drawer.getByLabel('Firmware file (.mender)').setInputFiles(broken);
    await drawer.getByRole('button', { name: 'Upload' }).click();
    await expect(drawer.getByText('The file is not a valid Mender artifact: the archive is truncated.')).toBeVisible();
    await drawer.getByLabel('Firmware file (.mender)').setInputFiles(good);
    await drawer.getByLabel('Description (optional)').fill('Spring release');
    await drawer.getByRole('button', { name: 'Upload' }).click();
    await expect(drawer).toBeHidden();
    const row = page.getByRole('row', { name: /rock-os-5\.0\.0/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('rock-gen3')).toBeVisible();
    await expect(row.getByText('Unsigned')).toBeVisible();
    await expect(row.getByText(/KB$/)).toBeVisible();
    await shot(page, info, 'firmware-versions');

    // Schedule an Update: all compatible readers, half now, the rest 45 s later.
    await page.getByRole('button', { name: 'Deployments' }).click();
    await page.getByRole('button', { name: 'Schedule an Update' }).click();
    await expect(page).toHaveURL(/\/firmware-updates\/new$/);
    const form = page.getByRole('dialog', { name: 'Schedule an Update' }).first();
    await form.getByLabel('Name').fill('rock-os-5.0.0-rollout');
    await form.getByRole('combobox', { name: 'Firmware' }).click();
    await page.getByRole('option', { name: /rock-os-5\.0\.0/ }).click();
    // The account's own demo readers are compatible too: the journey's readers are found by their hardware ids.
    await form.getByLabel('Search readers').fill('E2E-FW');
    await expect(form.getByRole('table', { name: 'Readers' }).getByRole('row')).toHaveCount(READERS + 1);
    await form.getByRole('button', { name: 'Select all shown' }).click();
    await expect(form.getByText(`${READERS} readers chosen`)).toBeVisible();
    await form.getByRole('button', { name: 'Add a phase' }).click();
    const secondStart = new Date(Date.now() + 45_000);
    await form.getByLabel('Starts at').nth(1).fill(localInput(secondStart));
    await expect(form.getByTestId('phase-1-plan')).toHaveText('3 readers');
    await expect(form.getByTestId('phase-2-plan')).toHaveText('3 readers');
    await shot(page, info, 'firmware-schedule');
    await form.getByRole('button', { name: 'Schedule' }).click();
    await expect(page).toHaveURL(/\/firmware-updates\/status\/\d+$/);
    const id = Number(page.url().split('/').pop());

    // The status page follows the readers until every one has reported.
    await expect(page.getByRole('heading', { name: 'rock-os-5.0.0-rollout', level: 5 })).toBeVisible();
    await expect(page.getByTestId('phase-2').getByText('Waiting for its start time')).toBeVisible();
    await expect(page.getByTestId('phase-1').getByText('Success')).toBeVisible({ timeout: 60_000 });
    await shot(page, info, 'firmware-status-phase-1');
    await expect(page.getByTestId('deployment-status')).toHaveText('Finished', { timeout: 180_000 });
    await expect(page.getByTestId('overall-done')).toHaveText(`${READERS} of ${READERS} done`);
    await expect(page.getByTestId('count-success').first()).toHaveText(`Success${READERS}`);
    await shot(page, info, 'firmware-status-finished');

    // What the page shows is what the readers did: phase 2 began only at its time, every reader runs the new release.
    const deployment = (await admin.get(`/deployments/${id}`)) as DeploymentRecord;
    expect(deployment.phases.map(p => p.device_count)).toEqual([3, 3]);
    const entries = (await admin.get(`/deployments/${id}/devices?per_page=100`)).result as DeploymentDeviceRecord[];
    for (const e of entries.filter(x => x.phase === 1))
        expect(Date.parse(e.started_at!)).toBeGreaterThanOrEqual(Date.parse(deployment.phases[1]!.start_at));
    expect(fleet.readers.every(r => r.release === 'rock-os-5.0.0')).toBe(true);

    // A reader's log, in the Deployment drawer.
    await page
        .getByRole('row', { name: /E2E-FW-00001/ })
        .first()
        .click();
    await expect(page.getByTestId('deployment-log')).toContainText('Booted rock-os-5.0.0. Update committed.');
});
