import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertFixture, type AlertFixture } from './fixture';

/** Each user of an alert rule reads its mail in the language chosen in the console; an outside address, in English. */
let f: AlertFixture;

beforeAll(async () => {
    f = await alertFixture();
});
afterAll(() => f?.close());

describe("an alert mail, in its recipient's language", () => {
    it('reaches a user who chose German in German and one who chose none in English', async () => {
        const customer = f.p.demo.customers[0];
        const { manager, moderator } = customer.users;
        const asManager = await f.p.as(manager.email);
        expect((await asManager('PUT', '/me/locale', { locale: 'de' })).statusCode).toBe(204);
        await f.confirmedRule({
            name: 'Sabotage',
            account_id: customer.id,
            event_types: ['TamperedDeviceDetected'],
            user_ids: [manager.id, moderator.id],
        });
        await f.event(customer.id, 'TamperedDeviceDetected');
        await f.run();
        const to = (email: string) => f.inbox.find(m => m.to.includes(email))!;
        expect(to(manager.email).subject).toBe('Alarm: 1 Ereignis');
        expect(to(manager.email).text).toContain('Die Alarmregel “Sabotage” hat 1 neues Ereignis erkannt.');
        expect(to(manager.email).text).toContain('Ändern oder beenden Sie diese Alarme in der Konsole:');
        expect(to(manager.email).text).toContain('Lesegerät');
        expect(to(manager.email).text).toContain('lang="de"');
        expect(to(moderator.email).subject).toBe('Alert: 1 event');
        expect(to(moderator.email).text).toContain('The alert rule “Sabotage” matched 1 new event.');
        f.take();
    });
});
