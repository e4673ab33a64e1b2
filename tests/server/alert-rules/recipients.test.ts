import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES,
    type AlertRule,
} from '../../../contract/alertRules';
import { alertFixture, BROWSER, type AlertFixture, type Received } from './fixture';

/**
 * Who an alert rule may mail: the account's users at once, an address
 * outside the account only a confirmation mail until it confirmed by its
 * link (double opt-in), never once it refused; a cap of addresses per rule
 * and of confirmation mails per account and day; and no subject carries a
 * name a tenant chose. Through a real SMTP server and the pages the links open.
 */
let f: AlertFixture;
let customer: number;
let manager: { id: number; email: string };
/** every mail this file saw, for the subjects' check at the end */
const seen: Received[] = [];

/** A name a relay would use: the platform's mail must not say it in a subject. */
const BAIT = 'URGENT: verify your bank account';
const ACCOUNT_BAIT = 'Your Bank: account suspended';
const CONFIRM_SUBJECT = 'Please confirm: security alerts to this address';

beforeAll(async () => {
    f = await alertFixture();
    customer = f.p.demo.customers[0].id;
    manager = f.p.demo.customers[0].users.manager;
    await f.p.ctx.db.execute(sql`update accounts set name = ${ACCOUNT_BAIT} where id = ${customer}`);
});
afterAll(() => f?.close());

const take = () => {
    const mails = f.take();
    seen.push(...mails);
    return mails;
};
const to = (mails: Received[], address: string) => mails.filter(m => m.to.includes(address));
const ruleNow = async (id: number) => (await f.admin('GET', `/alert_rules/${id}`)).json() as AlertRule;
const stateOf = async (id: number, email: string) => (await ruleNow(id)).addresses.find(a => a.email === email)?.state;

describe('an address outside the account', () => {
    it('gets one confirmation mail and no alert until it confirms by the link; then alerts; the users get alerts at once', async () => {
        const outside = 'outsider@elsewhere.example';
        const rule = await f.rule({
            name: BAIT,
            account_id: customer,
            event_types: ['CrossingByUnknownUser'],
            user_ids: [manager.id],
            emails: [outside],
        });
        await f.run();
        const asked = take();
        expect(asked.map(m => [m.to, m.subject])).toEqual([[[outside], CONFIRM_SUBJECT]]);
        // the names are in the body, quoted, as data
        expect(asked[0]!.text).toContain(`“${ACCOUNT_BAIT}”`);
        expect(asked[0]!.text).toContain(`“${BAIT}”`);
        expect(await stateOf(rule.id, outside)).toBe('waiting');

        await f.event(customer, 'CrossingByUnknownUser');
        await f.run();
        let mails = take();
        expect(to(mails, manager.email).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(to(mails, outside)).toEqual([]);

        // Opening the link (as a mail filter scanning it would) only shows the question.
        const { confirm } = f.links(asked[0]!);
        const opened = await f.p.app.inject({ method: 'GET', url: confirm!, headers: BROWSER });
        expect(opened.statusCode).toBe(200);
        expect(opened.headers['content-type']).toContain('text/html');
        expect(opened.body).toContain('Receive these alerts?');
        expect(await stateOf(rule.id, outside)).toBe('waiting');
        const { answered } = await f.answer(confirm!);
        expect(answered!.statusCode).toBe(200);
        expect(answered!.body).toContain('Alerts confirmed');
        expect(await stateOf(rule.id, outside)).toBe('confirmed');
        // the link is used: pressing again changes nothing
        expect((await f.answer(confirm!)).shown.body).toContain('Alerts confirmed');

        await f.event(customer, 'CrossingByUnknownUser');
        await f.run();
        mails = take();
        expect(to(mails, outside).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(to(mails, manager.email).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(to(mails, outside)[0]!.text).toContain(`The alert rule “${BAIT}” matched 1 new event.`);
        // an outsider has no console: its alerts carry its own way out
        expect(to(mails, outside)[0]!.text).toMatch(/Stop them: https:\/\/console\.example\/api\/v2\/alert_addresses\/\S+\/refuse/);
    });

    it('that refuses gets nothing more, not even when the rule is saved again with it', async () => {
        const outside = 'no-thanks@elsewhere.example';
        const rule = await f.rule({ name: BAIT, account_id: customer, event_types: ['DeviceOffline'], emails: [outside] });
        await f.run();
        const [asked] = to(take(), outside);
        const { answered } = await f.answer(f.links(asked!).refuse!);
        expect(answered!.body).toContain('Alerts refused');
        expect(await stateOf(rule.id, outside)).toBe('refused');
        // the confirm link of the same mail no longer confirms
        expect((await f.answer(f.links(asked!).confirm!)).shown.body).toContain('Alerts refused');
        expect(await stateOf(rule.id, outside)).toBe('refused');

        await f.event(customer, 'DeviceOffline');
        await f.run();
        // taken off and added again: still refused, nobody asked
        const body = { name: BAIT, event_types: ['DeviceOffline'], user_ids: [manager.id] };
        expect((await f.admin('PUT', `/alert_rules/${rule.id}`, { ...body, emails: [] })).statusCode).toBe(200);
        expect((await f.admin('PUT', `/alert_rules/${rule.id}`, { ...body, emails: [outside] })).statusCode).toBe(200);
        expect(await stateOf(rule.id, outside)).toBe('refused');
        const again = await f.admin('POST', `/alert_rules/${rule.id}/confirmations`, { email: outside });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe(ALERT_RULE_MESSAGES.notWaiting);
        await f.event(customer, 'DeviceOffline');
        await f.run();
        f.p.clock.offsetMs += 2 * 3600_000;
        await f.run();
        expect(to(take(), outside)).toEqual([]);
    });

    it('keeps its state when the rule is edited; a new one is asked, the confirmed one is not asked again', async () => {
        const [kept, added] = ['kept@elsewhere.example', 'added@elsewhere.example'];
        const rule = await f.confirmedRule({ name: 'Edited', account_id: customer, event_types: ['DeviceOnline'], emails: [kept] });
        const res = await f.admin('PUT', `/alert_rules/${rule.id}`, {
            name: 'Edited again',
            event_types: ['DeviceOnline'],
            emails: [kept, added],
        });
        expect(res.statusCode).toBe(200);
        expect((res.json() as AlertRule).addresses.map(a => [a.email, a.state])).toEqual([
            [kept, 'confirmed'],
            [added, 'waiting'],
        ]);
        await f.run();
        expect(take().map(m => [m.to, m.subject])).toEqual([[[added], CONFIRM_SUBJECT]]);
        await f.event(customer, 'DeviceOnline');
        await f.run();
        expect(take().map(m => [m.to, m.subject])).toEqual([[[kept], 'Alert: 1 event']]);
    });

    it(`is sent the confirmation again on request, ${ALERT_CONFIRMATION_RESEND_MINUTES} minutes apart; the new mail's link replaces the old one's`, async () => {
        const outside = 'slow-reader@elsewhere.example';
        const rule = await f.rule({ name: 'Again', account_id: customer, event_types: ['DeviceOnline'], emails: [outside] });
        await f.run();
        const [first] = to(take(), outside);
        const soon = await f.admin('POST', `/alert_rules/${rule.id}/confirmations`, { email: outside });
        expect(soon.statusCode).toBe(429);
        expect(soon.json().error).toBe(ALERT_RULE_MESSAGES.resendTooSoon);
        f.p.clock.offsetMs += ALERT_CONFIRMATION_RESEND_MINUTES * 60_000 + 1000;
        const again = await f.admin('POST', `/alert_rules/${rule.id}/confirmations`, { email: outside });
        expect(again.statusCode, again.body).toBe(200);
        await f.run();
        const [second] = to(take(), outside);
        expect(second!.subject).toBe(CONFIRM_SUBJECT);
        expect((await f.answer(f.links(first!).confirm!)).shown.statusCode).toBe(404);
        expect(await stateOf(rule.id, outside)).toBe('waiting');
        expect((await f.answer(f.links(second!).confirm!)).answered!.statusCode).toBe(200);
        expect(await stateOf(rule.id, outside)).toBe('confirmed');
        const unknown = await f.admin('POST', `/alert_rules/${rule.id}/confirmations`, { email: 'stranger@elsewhere.example' });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().fields).toEqual({ email: ALERT_RULE_MESSAGES.unknownAddress });
    });

    it('a link that is not ours opens a page that says so, and changes nothing', async () => {
        const forged = await f.answer(
            '/api/v2/alert_addresses/1.AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/confirm',
        );
        expect(forged.shown.statusCode).toBe(404);
        expect(forged.shown.body).toContain('This link does not work');
        // a client other than a browser is told as the API tells every refusal
        const posted = await f.p.app.inject({
            method: 'POST',
            url: '/api/v2/alert_addresses/nonsense/refuse',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'answer=yes',
        });
        expect(posted.statusCode).toBe(404);
        expect(posted.json()).toMatchObject({ error: 'This link does not work.' });
    });
});

describe('the caps', () => {
    it(`refuse more than ${ALERT_RULE_EMAILS_MAX} outside addresses on a rule, with the message`, async () => {
        const emails = Array.from({ length: ALERT_RULE_EMAILS_MAX + 1 }, (_, i) => `many${i}@elsewhere.example`);
        const res = await f.admin('POST', '/alert_rules', { name: 'Many', account_id: customer, emails });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({ emails: ALERT_RULE_MESSAGES.tooManyAddresses });
        const fits = await f.admin('POST', '/alert_rules', { name: 'Enough', account_id: customer, emails: emails.slice(1) });
        expect(fits.statusCode).toBe(201);
    });

    it(`refuse a confirmation mail past ${ALERT_CONFIRMATIONS_PER_DAY} an account in 24 hours, however the rules are made and deleted`, async () => {
        const other = f.p.demo.customers[1].id;
        const batch = (n: number, from: number) => Array.from({ length: n }, (_, i) => `cap${from + i}@elsewhere.example`);
        let asked = 0;
        while (asked < ALERT_CONFIRMATIONS_PER_DAY) {
            const n = Math.min(ALERT_RULE_EMAILS_MAX, ALERT_CONFIRMATIONS_PER_DAY - asked);
            const made = await f.admin('POST', '/alert_rules', { name: `Cap ${asked}`, account_id: other, emails: batch(n, asked) });
            expect(made.statusCode, made.body).toBe(201);
            await f.run();
            // deleting the rule does not give its confirmations back
            expect((await f.admin('DELETE', `/alert_rules/${made.json().id}`)).statusCode).toBe(204);
            asked += n;
        }
        expect(take().filter(m => m.to[0]!.startsWith('cap') && m.subject === CONFIRM_SUBJECT)).toHaveLength(ALERT_CONFIRMATIONS_PER_DAY);
        const over = await f.admin('POST', '/alert_rules', { name: 'One more', account_id: other, emails: ['cap-more@elsewhere.example'] });
        expect(over.statusCode).toBe(400);
        expect(over.json().fields).toEqual({ emails: ALERT_RULE_MESSAGES.confirmationsPerDay });
        // the account's users are not capped
        const users = await f.admin('POST', '/alert_rules', {
            name: 'Users only',
            account_id: other,
            user_ids: [f.p.demo.customers[1].users.manager.id],
        });
        expect(users.statusCode).toBe(201);
        f.p.clock.offsetMs += 24 * 3600_000 + 60_000;
        const tomorrow = await f.admin('POST', '/alert_rules', {
            name: 'Tomorrow',
            account_id: other,
            emails: ['cap-more@elsewhere.example'],
        });
        expect(tomorrow.statusCode, tomorrow.body).toBe(201);
    });
});

describe('subjects', () => {
    it('never carry the rule’s or the account’s name', () => {
        seen.push(...f.take());
        expect(seen.length).toBeGreaterThan(5);
        for (const m of seen) {
            expect(m.subject).not.toContain('URGENT');
            expect(m.subject).not.toContain(BAIT);
            expect(m.subject).not.toContain(ACCOUNT_BAIT);
            expect(m.subject).toMatch(/^(Alert: \d+ events?|Alert digest: \d+ events?|Please confirm: security alerts to this address)$/);
        }
    });
});
