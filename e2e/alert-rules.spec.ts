import { expect, request as newRequest, test } from '@playwright/test';
import { E2E } from './credentials.mjs';
import { mailsTo, shot, signIn } from './console';
import { approvedReader } from './eventsReader';

/** The job looks every 15 s (ALERT_JOB_EVERY_MS): the mail is waited for over two of its runs. */
const mailWithin = async (request: Parameters<typeof mailsTo>[0], to: string, atLeast: number) => {
    const deadline = Date.now() + 45_000;
    for (;;) {
        try {
            return await mailsTo(request, to, atLeast);
        } catch (error) {
            if (Date.now() > deadline) throw error;
        }
    }
};

test('a moderator makes an alert rule in the console, and the next matching event arrives by mail', async ({ page, baseURL }, info) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    await signIn(page, E2E.moderator);
    await page.getByRole('menuitem', { name: 'Alert Rules' }).click();
    // The account has no rule yet: the empty list says how rules come to be and offers to add one.
    await expect(page.getByTestId('list-empty')).toBeVisible();
    await page.getByTestId('list-empty').getByRole('link', { name: 'Add alert rule' }).click();
    await page.getByLabel('Name').fill('Strangers at the door');
    await page.getByRole('combobox', { name: 'Event types' }).fill('Crossing by unknown');
    await page.getByRole('option', { name: 'Crossing by unknown user' }).click();
    await page.getByLabel('E-mail addresses').fill('security-desk@e2e.test');
    await shot(page, info, 'alert-rule-form');
    await page.getByRole('button', { name: 'Add alert rule' }).click();
    const row = page.getByRole('row', { name: /Strangers at the door.*Crossing by unknown user.*security-desk@e2e\.test.*At once/ });
    await expect(row).toBeVisible();
    await shot(page, info, 'alert-rules-list');

    const api = await newRequest.newContext({ baseURL });
    // An address outside the account gets alerts once it confirmed, by the link of the mail that asks it.
    const [asking] = await mailsTo(api, 'security-desk@e2e.test');
    expect(asking).toContain('Subject: Please confirm: security alerts to this address');
    const confirm = /(http:\/\/\S+\/confirm)\b/.exec(asking)![1]!;
    const desk = await page.context().newPage();
    await desk.goto(new URL(new URL(confirm).pathname, baseURL).toString());
    await expect(desk.getByRole('heading', { name: 'Receive these alerts?' })).toBeVisible();
    await desk.getByRole('button', { name: 'Confirm' }).click();
    await expect(desk.getByRole('heading', { name: 'Alerts confirmed' })).toBeVisible();
    await desk.close();

    const reader = await approvedReader(api, 'Contoso Offices', 'Alert door');
    try {
        await reader.post({ event: '1FAFaceAuthenticated' });
        await reader.post({ event: 'CrossingByUnknownUser' });
        const mails = await mailWithin(api, 'security-desk@e2e.test', 2);
        // The subject carries no text the tenant chose; the rule's name is quoted in the body.
        const mail = mails.find(m => m.includes('Subject: Alert: 1 event'));
        expect(mail).toContain('Strangers at the door');
        expect(mail).toContain('matched 1 new event');
        expect(mail).toContain('CrossingByUnknownUser | Alert door | Contoso Offices');
        expect(mail).not.toContain('1FAFaceAuthenticated');
    } finally {
        reader.stop();
        await api.dispose();
    }
});
