import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { multipart } from '../firmware/helpers';
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

describe("an alert mail, in the brand of the rule's account", () => {
    it("comes from the dealer's brand name, with its logo and signature, in its language; without a brand, the platform's plain mail in English", async () => {
        const customer = f.p.demo.customers[0];
        const { moderator } = customer.users;
        const asDealer = await f.p.as(f.p.demo.dealer.users.dealer.email);
        const brand = {
            product_name: 'Northwind Access',
            primary_color: '#1a237e',
            secondary_color: '#ff6f00',
            support_email: 'help@northwind.example',
            domains: [],
            default_locale: 'fr',
        };
        expect((await asDealer('PUT', `/accounts/${f.p.demo.dealer.id}/branding`, brand)).statusCode).toBe(200);
        const logo = await multipart(
            {},
            {
                field: 'file',
                name: 'logo.png',
                data: await sharp({ create: { width: 64, height: 32, channels: 3, background: '#1a237e' } })
                    .png()
                    .toBuffer(),
            },
        );
        const dealerToken = await f.p.login(f.p.demo.dealer.users.dealer.email);
        const sent = await f.p.call(dealerToken, { method: 'POST', url: `/api/v2/accounts/${f.p.demo.dealer.id}/branding/logo`, ...logo });
        expect(sent.statusCode, sent.body).toBe(200);
        await f.confirmedRule({
            name: 'Branded',
            account_id: customer.id,
            event_types: ['TamperedReaderDetected'],
            user_ids: [moderator.id],
        });
        await f.event(customer.id, 'TamperedReaderDetected');
        await f.run();
        const branded = f.take().find(m => m.to.includes(moderator.email))!;
        expect(branded.text).toMatch(/^From: Northwind Access <no-reply@console\.example>/m);
        expect(branded.text).toContain('Northwind Access · help@northwind.example');
        // the moderator chose no language: the one the brand sets
        expect(branded.text).toContain('La règle d’alerte “Branded” a relevé 1 nouvel événement.');
        expect(branded.text).toMatch(
            new RegExp(
                `<img src="${f.p.ctx.config.publicUrl}/api/v2/branding/logos/${f.p.demo.dealer.id}\\?v=\\d+" alt="Northwind Access" height="40">`,
            ),
        );

        expect((await asDealer('DELETE', `/accounts/${f.p.demo.dealer.id}/branding`)).statusCode).toBe(200);
        await f.event(customer.id, 'TamperedReaderDetected');
        await f.run();
        const plain = f.take().find(m => m.to.includes(moderator.email))!;
        expect(plain.text).toMatch(/^From: Access Console <no-reply@console\.example>/m);
        expect(plain.text).not.toContain('Northwind');
        expect(plain.text).toContain('The alert rule “Branded” matched 1 new event.');
    });
});
