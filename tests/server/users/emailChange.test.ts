import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES } from '../../../contract/users';
import { EMAIL_CHANGE_MAIL_TEXTS } from '../../../server/resources/users/mailTexts';
import { DEMO_PASSWORD, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { expectEveryLanguage } from '../mailTexts';

/**
 * A user changing their own address: it is applied when the link mailed to
 * the new address is opened, and the reply is the same whether another
 * tenant holds the address or not, so a self edit tells nothing of them.
 */
let p: TestPlatform;
let manager: ApiCaller;
let me: Me;
beforeAll(async () => {
    p = await startPlatform();
    manager = await p.as(p.demo.customers[0].users.manager.email);
    me = (await manager('GET', '/me')).json();
});
afterAll(() => p?.close());

type Me = { id: number; name: string; email: string; role: string; account: { id: number } };
/** A user's edit of their own record that changes only the address. */
const editOwnAddress = (caller: ApiCaller, user: Me, email: string) =>
    caller('PUT', `/users/${user.id}`, {
        name: user.name,
        email,
        role: user.role,
        account: { id: user.account.id },
        current_password: DEMO_PASSWORD,
    });
const selfEdit = (email: string) => editOwnAddress(manager, me, email);
const mailTo = (email: string) => p.mail.sent.filter(m => m.to === email);
const confirm = (token: string) => p.app.inject({ method: 'POST', url: `/api/v2/confirm_email/${token}` });
const linkIn = (text: string) => /confirm_email\?token=([\w-]+)/.exec(text)?.[1];

describe("changing one's own e-mail address", () => {
    it('answers alike for a free address and for one another tenant holds, and tells the holder nothing changed', async () => {
        const taken = p.demo.otherCustomer.users.user.email;
        const free = await selfEdit('manager.next@contoso.test');
        const held = await selfEdit(taken);
        expect(free.statusCode).toBe(200);
        expect(held.statusCode).toBe(200);
        expect(free.json()).toMatchObject({ email: me.email, email_pending: 'manager.next@contoso.test' });
        expect(held.json()).toMatchObject({ email: me.email, email_pending: taken });
        await p.app.afterReplySettled();
        expect(mailTo(taken).at(-1)).toMatchObject({ subject: 'Your address was given for another Access Console account' });
        expect(linkIn(mailTo(taken).at(-1)!.text)).toBeUndefined();
        expect(mailTo('manager.next@contoso.test').at(-1)).toMatchObject({ subject: 'Confirm your new Access Console e-mail address' });
    });

    it('is applied once, when the link mailed to the new address is opened', async () => {
        expect((await manager('GET', '/me')).json().email).toBe(me.email);
        const token = linkIn(mailTo('manager.next@contoso.test').at(-1)!.text)!;
        expect((await confirm(token)).statusCode).toBe(204);
        expect((await manager('GET', '/me')).json().email).toBe('manager.next@contoso.test');
        const again = await confirm(token);
        expect(again.statusCode).toBe(410);
        expect(again.json().error).toBe(EMAIL_CHANGE_MESSAGES.invalid);
        // The new address signs in; the old one no longer does.
        expect(
            (
                await p.app.inject({
                    method: 'POST',
                    url: '/api/v2/login',
                    payload: { username: 'manager.next@contoso.test', password: DEMO_PASSWORD },
                })
            ).statusCode,
        ).toBe(200);
    });

    it('is refused when the link has expired, or the address was taken meanwhile', async () => {
        me = (await manager('GET', '/me')).json();
        await selfEdit('late@contoso.test');
        await selfEdit('raced@contoso.test');
        await p.app.afterReplySettled();
        const late = linkIn(mailTo('late@contoso.test').at(-1)!.text)!;
        const raced = linkIn(mailTo('raced@contoso.test').at(-1)!.text)!;
        // Someone else takes the address before the link is opened.
        const admin = await p.as('admin@platform.test');
        await admin('POST', '/users', {
            name: 'Quick',
            email: 'raced@contoso.test',
            role: 'user',
            account: { id: me.account.id },
            password: 'Quick#Pass1',
            confirm: 'Quick#Pass1',
        });
        const clash = await confirm(raced);
        expect(clash.statusCode).toBe(409);
        expect(clash.json().error).toBe(EMAIL_CHANGE_MESSAGES.taken);
        p.clock.offsetMs = p.ctx.config.resetTokenTtlSeconds * 1000 + 1000;
        try {
            const expired = await confirm(late);
            expect(expired.statusCode).toBe(410);
            expect(expired.json().error).toBe(EMAIL_CHANGE_MESSAGES.expired);
        } finally {
            p.clock.offsetMs = 0;
        }
        expect((await manager('GET', '/me')).json().email).toBe('manager.next@contoso.test');
    });
});

describe('the mails of a change of address, in the language and brand of whom they go to', () => {
    it("write to the new address in the asking user's language and brand, and to a holder in the holder's", async () => {
        const moderator = p.demo.customers[0].users.moderator;
        const asModerator = await p.as(moderator.email);
        const mod = (await asModerator('GET', '/me')).json();
        const asDealer = await p.as(p.demo.dealer.users.dealer.email);
        const brand = { product_name: 'Northwind Access', primary_color: '#1a237e', secondary_color: '#ff6f00', domains: [] };
        expect((await asDealer('PUT', `/accounts/${p.demo.dealer.id}/branding`, brand)).statusCode).toBe(200);
        expect((await asModerator('PUT', '/me/locale', { locale: 'de' })).statusCode).toBe(204);
        const holder = p.demo.otherCustomer.users.manager.email;
        expect((await (await p.as(holder))('PUT', '/me/locale', { locale: 'it' })).statusCode).toBe(204);

        const edit = (email: string) => editOwnAddress(asModerator, mod, email);
        expect((await edit('moderator.next@contoso.test')).statusCode).toBe(200);
        expect((await edit(holder)).statusCode).toBe(200);
        await p.app.afterReplySettled();

        const confirmMail = mailTo('moderator.next@contoso.test').at(-1)!;
        expect(confirmMail).toMatchObject({
            subject: 'Bestätigen Sie Ihre neue Northwind Access-E-Mail-Adresse',
            fromName: 'Northwind Access',
        });
        expect(confirmMail.text).toContain('Adresse bestätigen: ');
        expect(linkIn(confirmMail.text)).toBeDefined();
        // the holder's account wears no brand: the platform's name, in the holder's Italian
        const told = mailTo(holder).at(-1)!;
        expect(told).toMatchObject({ subject: 'Il tuo indirizzo è stato indicato per un altro account Access Console' });
        expect(told.fromName).toBeUndefined();
        expect(told.html).toContain('<html lang="it" dir="ltr">');
        await asDealer('DELETE', `/accounts/${p.demo.dealer.id}/branding`);
    });

    it('has every text in every language, with the same places for values', () => expectEveryLanguage(EMAIL_CHANGE_MAIL_TEXTS));
});
