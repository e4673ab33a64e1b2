import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_MAIL_TEXTS } from '../../../server/resources/enrollments/mailTexts';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { enrollmentAccount } from './fixture';
import { expectEveryLanguage } from '../mailTexts';

/** The invitation and its one-time code reach the person in the language chosen with the invitation. */
describe("the mails to an invited person, in the invitation's language", () => {
    let p: TestPlatform;
    let account: number;

    beforeAll(async () => {
        p = await startPlatform();
        account = await enrollmentAccount(p, await p.login(ADMIN.email), 'Sprachschule', [
            { name: 'enr/mfa', value: 'true' },
            { name: 'enr/consent_type', value: 'none' },
        ]);
    }, 120_000);
    afterAll(() => p?.close());

    const invite = async (person: { name: string; email: string; locale?: string }) => {
        const admin = await p.as(ADMIN.email);
        const invited = await admin('POST', '/web-enrollments/invites', { people: [person], account_id: account });
        expect(invited.statusCode, invited.body).toBe(201);
        const id = invited.json().result[0].id as number;
        const link = (await admin('GET', `/web-enrollments/${id}/link?account_id=${account}`)).json().link as string;
        const code = await p.app.inject({ method: 'POST', url: `/api/v2/enrollment/${link.split('/enroll/')[1]!}/code`, payload: {} });
        expect(code.statusCode, code.body).toBe(204);
        return p.mail.sent.filter(m => m.to === person.email);
    };

    it('in German when German is chosen: subject, greeting, button and code, the HTML saying its language', async () => {
        const [invitation, code] = await invite({ name: 'Jana', email: 'jana@language.test', locale: 'de' });
        expect(invitation!.subject).toBe('Einladung zur Gesichtserfassung');
        expect(invitation!.text).toContain('Guten Tag,');
        expect(invitation!.text).toContain('Eingeladen von: “Sprachschule”');
        expect(invitation!.text).toMatch(/Jetzt erfassen: https?:\/\/\S+\/enroll\//);
        expect(invitation!.html).toContain('<html lang="de" dir="ltr">');
        expect(code!.subject).toMatch(/^Ihr Erfassungscode: \d{6}$/);
        expect(code!.text).toMatch(/Ihr Code zum Fortsetzen der Erfassung lautet \d{6}\./);
    });

    it('in Arabic laid out right to left', async () => {
        const [invitation] = await invite({ name: 'Laila', email: 'laila@language.test', locale: 'ar' });
        expect(invitation!.subject).toBe('دعوة لتسجيل وجهك');
        expect(invitation!.html).toContain('<html lang="ar" dir="rtl">');
    });

    it("in English when none is chosen, with no brand: the platform's plain mail", async () => {
        const [invitation, code] = await invite({ name: 'Tom', email: 'tom@language.test' });
        expect(invitation!.subject).toBe('Invitation to enroll your face');
        expect(invitation!.fromName).toBeUndefined();
        expect(code!.subject).toMatch(/^Your enrollment code: \d{6}$/);
    });

    it("in the account's language when none is chosen and its brand names one", async () => {
        const admin = await p.as(ADMIN.email);
        const brand = {
            product_name: 'École',
            primary_color: '#1a237e',
            secondary_color: '#ff6f00',
            default_locale: 'fr',
            support_email: 'aide@ecole.example',
        };
        expect((await admin('PUT', `/accounts/${account}/branding`, brand)).statusCode).toBe(200);
        try {
            const [invitation] = await invite({ name: 'Léa', email: 'lea@language.test' });
            expect(invitation!.subject).toBe('Invitation à enregistrer votre visage');
            // the account's brand names the sender and signs the mail
            expect(invitation!.fromName).toBe('École');
            expect(invitation!.text.trim().split('\n').at(-1)).toBe('École · aide@ecole.example');
            expect(invitation!.html).toContain('École · aide@ecole.example');
            // a choice made with the invitation still wins
            const [chosen] = await invite({ name: 'Ana', email: 'ana@language.test', locale: 'es' });
            expect(chosen!.subject).toBe('Invitación para registrar su rostro');
        } finally {
            await admin('DELETE', `/accounts/${account}/branding`);
        }
    });

    it('refuses a language the console does not speak', async () => {
        const admin = await p.as(ADMIN.email);
        const refused = await admin('POST', '/web-enrollments/invites', {
            people: [{ name: 'Kim', email: 'kim@language.test', locale: 'xx' }],
            account_id: account,
        });
        expect(refused.statusCode).toBe(400);
    });

    it('has every text in every language, with the same places for values', () => expectEveryLanguage(ENROLLMENT_MAIL_TEXTS));
});
