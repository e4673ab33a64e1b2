import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { alertFixture, type AlertFixture } from './fixture';

/**
 * Alert mails through a real SMTP server: what a rule matches (types, groups,
 * devices, access groups, the accounts it reaches), when it is sent (at once,
 * or once per digest period), and that nothing is sent twice or lost when the
 * mail server refuses.
 */
let f: AlertFixture;
let customer: number;
let other: number;
let dealer: number;

beforeAll(async () => {
    f = await alertFixture();
    dealer = f.p.demo.dealer.id;
    customer = f.p.demo.customers[0].id;
    other = f.p.demo.otherCustomer.id;
});
afterAll(() => f?.close());

let n = 0;
const address = () => `alerts${++n}@site.example`;
const mailsTo = (to: string) => f.inbox.filter(m => m.to.includes(to));

describe('an immediate rule', () => {
    it('sends one mail listing the events of its type, and none of the others', async () => {
        const to = address();
        const door = { id: await f.device(customer, 'Front door'), description: 'Front door' };
        const someone = await f.profile(customer, 'ACS-4711');
        await f.confirmedRule({ name: 'Strangers', account_id: customer, event_types: ['CrossingByUnknownUser'], emails: [to] });
        const a = await f.event(customer, 'CrossingByUnknownUser', { device: door, profileIds: [someone] });
        await f.event(customer, '1FAFaceAuthenticated', { device: door });
        const b = await f.event(customer, 'CrossingByUnknownUser');
        await f.run();
        const mails = mailsTo(to);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Alert: 2 events');
        const text = mails[0]!.text;
        expect(text).toContain('CrossingByUnknownUser');
        expect(text).not.toContain('1FAFaceAuthenticated');
        expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \| CrossingByUnknownUser \| Front door \| [^|]+ \| ACS-4711/);
        expect(text).toContain('https://console.example/events?');
        expect(text).toContain(`device_id=${door.id}`);
        expect(a).toBeLessThan(b);
    });

    it('mails nothing for what happened before it was made, and never an event twice', async () => {
        const to = address();
        await f.event(customer, 'CrossingByUnknownUser');
        await f.run();
        await f.confirmedRule({ name: 'Later', account_id: customer, event_types: ['CrossingByUnknownUser'], emails: [to] });
        await f.run();
        expect(mailsTo(to)).toHaveLength(0);
        await f.event(customer, 'CrossingByUnknownUser');
        await f.run();
        await f.run();
        expect(mailsTo(to).map(m => m.subject)).toEqual(['Alert: 1 event']);
    });

    it('filters by group, device and access group', async () => {
        const [byGroup, byDevice, byAccess] = [address(), address(), address()];
        const gate = { id: await f.device(customer, 'Gate'), description: 'Gate' };
        const lobby = { id: await f.device(customer, 'Lobby'), description: 'Lobby' };
        const night = await f.group(customer, 'Night shift');
        const inNight = await f.profile(customer, 'NIGHT-1', [night]);
        const notInNight = await f.profile(customer, 'DAY-1');
        await f.confirmedRule({ name: 'Tamper', account_id: customer, event_groups: ['security'], emails: [byGroup] });
        await f.confirmedRule({ name: 'Gate only', account_id: customer, device_ids: [gate.id], emails: [byDevice] });
        await f.confirmedRule({ name: 'Night', account_id: customer, access_group_ids: [night], emails: [byAccess] });
        await f.event(customer, 'TamperedDeviceDetected', { device: lobby });
        await f.event(customer, '1FAFaceAuthenticated', { device: gate, profileIds: [notInNight] });
        await f.event(customer, '1FAFaceAuthenticated', { device: lobby, profileIds: [inNight] });
        await f.run();
        expect(mailsTo(byGroup).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(mailsTo(byGroup)[0]!.text).toContain('TamperedDeviceDetected | Lobby');
        expect(mailsTo(byDevice).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(mailsTo(byDevice)[0]!.text).toContain('| Gate |');
        expect(mailsTo(byAccess).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(mailsTo(byAccess)[0]!.text).toContain('NIGHT-1');
        expect(mailsTo(byAccess)[0]!.text).not.toContain('DAY-1');
    });

    it("of a dealer sees its customers' events; a customer's rule never another customer's", async () => {
        const [dealerTo, customerTo] = [address(), address()];
        await f.confirmedRule({ name: 'Dealer watch', account_id: dealer, event_types: ['DeviceOffline'], emails: [dealerTo] });
        await f.confirmedRule({ name: 'Own only', account_id: customer, event_types: ['DeviceOffline'], emails: [customerTo] });
        await f.event(customer, 'DeviceOffline');
        await f.event(f.p.demo.customers[1].id, 'DeviceOffline');
        await f.event(other, 'DeviceOffline');
        await f.run();
        const dealerMail = mailsTo(dealerTo);
        expect(dealerMail.map(m => m.subject)).toEqual(['Alert: 2 events']);
        expect(dealerMail[0]!.text).toContain(f.p.demo.customers[0].name);
        expect(dealerMail[0]!.text).toContain(f.p.demo.customers[1].name);
        expect(dealerMail[0]!.text).not.toContain(f.p.demo.otherCustomer.name);
        expect(mailsTo(customerTo).map(m => m.subject)).toEqual(['Alert: 1 event']);
        expect(mailsTo(customerTo)[0]!.text).not.toContain(f.p.demo.customers[1].name);
    });

    it('goes to the chosen users at their address of the moment, and to the free addresses', async () => {
        const free = address();
        const user = f.p.demo.customers[0].users.manager;
        await f.confirmedRule({
            name: 'Both',
            account_id: customer,
            event_types: ['SpoofingWithAccess'],
            user_ids: [user.id],
            emails: [free],
        });
        // The user's address changes after the rule was made: the mail goes to the new one.
        await f.p.ctx.db.execute(sql`update users set email = 'moved-manager@site.example' where id = ${user.id}`);
        await f.event(customer, 'SpoofingWithAccess');
        await f.run();
        // One mail each: no recipient sees the others' addresses.
        expect(mailsTo(free).map(m => m.to)).toEqual([[free]]);
        expect(mailsTo('moved-manager@site.example').map(m => m.to)).toEqual([['moved-manager@site.example']]);
    });

    it('is not sent while disabled', async () => {
        const to = address();
        const rule = await f.confirmedRule({
            name: 'Off',
            account_id: customer,
            event_types: ['DeviceOnline'],
            emails: [to],
            enabled: false,
        });
        await f.event(customer, 'DeviceOnline');
        await f.run();
        expect(mailsTo(to)).toHaveLength(0);
        expect(rule.id).toBeGreaterThan(0);
    });
});

describe('a burst of events', () => {
    it('goes out in one mail that counts them all and lists the first 200', async () => {
        const to = address();
        await f.confirmedRule({ name: 'Burst', account_id: customer, event_types: ['SIPOutgoingFailure'], emails: [to] });
        await f.p.ctx.db.execute(
            sql`insert into events (account_id, event, timestamp) select ${customer}, 'SIPOutgoingFailure', now() from generate_series(1, 205)`,
        );
        await f.run();
        const mails = mailsTo(to);
        expect(mails.map(m => m.subject)).toEqual(['Alert: 205 events']);
        expect(mails[0]!.text.match(/ \| SIPOutgoingFailure \| /g)).toHaveLength(200);
        expect(mails[0]!.text).toContain('and 5 more events: see them in the console, https://console.example/events');
    });
});

describe('a mail the server answers 451 (try again later)', () => {
    it('is sent again once its backoff is over, with the same events, once; what matched meanwhile leaves at once', async () => {
        const to = address();
        await f.confirmedRule({ name: 'Retry', account_id: customer, event_types: ['UnauthorizedEntryByUnknownUser'], emails: [to] });
        await f.event(customer, 'UnauthorizedEntryByUnknownUser');
        f.smtp.refuse = true;
        try {
            await f.run();
        } finally {
            f.smtp.refuse = false;
        }
        expect(mailsTo(to)).toHaveLength(0);
        await f.event(customer, 'UnauthorizedEntryByUnknownUser');
        await f.run();
        await f.run();
        expect(mailsTo(to).map(m => m.subject)).toEqual(['Alert: 1 event']);
        f.p.clock.offsetMs += f.p.ctx.config.mailRetryBaseMs;
        await f.run();
        await f.run();
        expect(mailsTo(to).map(m => m.subject)).toEqual(['Alert: 1 event', 'Alert: 1 event']);
    });
});

describe('a digest', () => {
    it('waits for the end of its period and sends one mail for it; an empty period sends none', async () => {
        const to = address();
        // At the start of an hour, so the events below fall in one period.
        const now = f.p.ctx.now().getTime();
        f.p.clock.offsetMs += Math.ceil(now / 3600_000) * 3600_000 - now + 60_000;
        await f.confirmedRule({
            name: 'Hourly',
            account_id: customer,
            event_types: ['TailgatingByUnknownUser'],
            emails: [to],
            delivery: 'digest',
            digest_period: 'hourly',
        });
        await f.event(customer, 'TailgatingByUnknownUser');
        await f.run();
        f.p.clock.offsetMs += 20 * 60_000;
        await f.event(customer, 'TailgatingByUnknownUser');
        await f.run();
        expect(mailsTo(to)).toHaveLength(0);
        f.p.clock.offsetMs += 40 * 60_000;
        await f.run();
        await f.run();
        expect(mailsTo(to).map(m => m.subject)).toEqual(['Alert digest: 2 events']);
        expect(mailsTo(to)[0]!.text).toMatch(/matched 2 events from \d{4}-\d\d-\d\d \d\d:00 to \d{4}-\d\d-\d\d \d\d:00 UTC/);
        f.p.clock.offsetMs += 2 * 3600_000;
        await f.run();
        expect(mailsTo(to)).toHaveLength(1);
    });
});
