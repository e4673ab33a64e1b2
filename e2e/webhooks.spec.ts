import { expect, test, type Page } from '@playwright/test';
import { signatureValid, startReceiver, type Receiver } from '../tests/server/webhooks/receiver';
import { E2E } from './credentials.mjs';
import { logOut, shot, signIn } from './console';
import { approvedReader } from './eventsReader';

test.describe.configure({ mode: 'serial' });

const SECRET = 'e2e-webhook-secret-0123456789';
let receiver: Receiver;
test.beforeAll(async () => void (receiver = await startReceiver()));
test.afterAll(async () => void (await receiver?.close()));

const signInModerator = async (page: Page) => {
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    const accept = page.getByRole('button', { name: 'Accept' });
    await expect(accept.or(page.getByRole('menuitem', { name: 'Dashboard' }))).toBeVisible();
    if (await accept.isVisible()) await accept.click();
};

test("a moderator adds a webhook, the account's event reaches the receiver signed, and a delivery is replayed", async ({
    page,
    request,
}, info) => {
    await signInModerator(page);
    const entry = page.getByRole('menuitem', { name: 'Webhooks', exact: true });
    if (!(await entry.isVisible())) await page.getByRole('button', { name: 'Accounts', exact: true }).click();
    await entry.click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await expect(dialog.getByText('The secret will not be shown again')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Door log');
    await dialog.getByRole('combobox', { name: 'Event types' }).click();
    await page.getByRole('option', { name: 'Face and badge mismatch (2FA)' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByLabel(/Secret/).fill(SECRET);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Webhooks' });
    await expect(table).toContainText('Door log');
    await expect(table).toContainText('Face and badge mismatch (2FA)');
    await expect(table).toContainText('Active');

    const reader = await approvedReader(request, 'Contoso Offices', 'Webhook door');
    try {
        const posted = await reader.post({ event: '2FAMismatch' });
        await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
        const first = receiver.received[0]!;
        expect(signatureValid(SECRET, first.body, first.signature)).toBe(true);
        expect(JSON.parse(first.body)).toMatchObject({
            id: posted.accepted[0]!.id,
            event: '2FAMismatch',
            device_description: 'Webhook door',
        });

        await page.getByRole('button', { name: `Deliveries of ${receiver.url}` }).click();
        const deliveries = page.getByRole('table', { name: 'Deliveries' });
        await expect(deliveries.getByRole('row')).toHaveCount(2);
        await expect(deliveries).toContainText('Delivered');
        await shot(page, info, 'webhook-deliveries');
        await deliveries.getByRole('button', { name: `Replay delivery ${first.deliveryId}` }).click();
        await expect(deliveries).toContainText(/Waiting|Delivered/);
        await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
        expect(receiver.received[1]!.deliveryId).toBe(first.deliveryId);
        await page.getByRole('button', { name: 'Close' }).click();
    } finally {
        reader.stop();
    }

    // an undoable delete (docs/decisions.md "Deletes: undo or a named confirmation"): gone at once, sent when its notice closes
    const sent = page.waitForRequest(r => r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/v2/webhooks/'));
    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
    expect((await (await sent).response())?.status()).toBeLessThan(300);
    await logOut(page);
});
