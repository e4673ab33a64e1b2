import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { knownLocale, type LocaleCode } from '../../../contract/constants';
import { fill } from '../../mail/language';
import { message, type MailBrand } from '../../mail/message';
import { ENROLLMENT_MAIL_TEXTS } from './mailTexts';

const day = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/**
 * Text an account chose (its name, the names in its invitations), shown in a
 * mail as quoted data on one line: never in a subject, where it would read as
 * the platform's own words (a tenant could otherwise send "URGENT: verify
 * your bank account" from us to any address). Line breaks, control and
 * direction-changing characters are taken out so it cannot start a line of
 * its own or turn the text around it; its own curly quotes become straight
 * ones so the quote cannot be closed early.
 */
export const quoted = (text: string) =>
    `“${text
        .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
        .replace(/\p{Bidi_Control}/gu, '')
        .replace(/[“”]/g, '"')
        .trim()}”`;

/** An invitation's language as stored; one the console no longer speaks reads as English. */
export const inviteLocale = (invite: { locale: string }): LocaleCode => knownLocale(invite.locale) ?? 'en';

/** The subject of every invitation in English: fixed, nothing in it comes from the account (the others: mailTexts.ts). */
export const INVITATION_SUBJECT = ENROLLMENT_MAIL_TEXTS.en.invitationSubject;
export const CODE_SUBJECT_PREFIX = ENROLLMENT_MAIL_TEXTS.en.codeSubject;

/**
 * The invitation (docs/decisions.md "Web enrollment"), in the invitation's language: who invites and whom, quoted;
 * what to do, the link and until when it works.
 */
export const invitationMail = (m: {
    to: string;
    name: string;
    accountName: string;
    link: string;
    expiresAt: Date;
    locale: LocaleCode;
    brand?: MailBrand;
}) => {
    const t = ENROLLMENT_MAIL_TEXTS[m.locale];
    return message(
        m.to,
        t.invitationSubject,
        [
            t.hello,
            t.invited,
            fill(t.invitedBy, { account: quoted(m.accountName) }),
            fill(t.invitationFor, { person: quoted(m.name) }),
            t.steps,
            { link: m.link, label: t.enrollNow },
            `${fill(t.linkWorks, { until: day(m.expiresAt) })} ${t.tenantNote}`,
        ],
        m.locale,
        m.brand,
    );
};

/** The one-time code, in the invitation's language: the subject holds only the code, which the platform made. */
export const codeMail = (m: { to: string; name: string; accountName: string; code: string; locale: LocaleCode; brand?: MailBrand }) => {
    const t = ENROLLMENT_MAIL_TEXTS[m.locale];
    return message(
        m.to,
        `${t.codeSubject}: ${m.code}`,
        [
            t.hello,
            fill(t.code, { code: m.code }),
            fill(t.invitedBy, { account: quoted(m.accountName) }),
            fill(t.invitationFor, { person: quoted(m.name) }),
            `${t.codeNotAsked} ${t.tenantNote}`,
        ],
        m.locale,
        m.brand,
    );
};

/** To the account's staff (SPEC 3 e-mail notifications), when someone completed. */
export const completionMail = (m: { to: string; name: string; email: string; accountName: string; profileLink: string }) =>
    message(m.to, `${m.name} completed their enrollment`, [
        `${m.name} (${m.email}) enrolled their face with ${m.accountName}. Their profile is active and the readers receive it at their next configuration pull.`,
        { link: m.profileLink, label: 'Open the profile' },
    ]);

/** POST /accounts/test/email: proof that invitations can leave the platform. */
export const testMail = (m: { to: string; from: string; publicUrl: string }) =>
    message(m.to, 'Access Console test message', [
        `${m.from} sent this test from ${m.publicUrl}. Invitations to web enrollment leave the platform the same way.`,
    ]);

/** Sends the test message through the mail settings as they are now; a refusal of the mail server is a 502 with its words. */
export const sendTestMail = async (ctx: Pick<AppContext, 'mailer' | 'config'>, to: string, from: string) => {
    try {
        await ctx.mailer.send(testMail({ to, from, publicUrl: ctx.config.publicUrl }));
    } catch (error) {
        throw new HttpError(502, `The mail server did not take the message: ${(error as Error).message}`.slice(0, 500));
    }
    return { sent: true as const, via: ctx.config.smtpUrl ? ('smtp' as const) : ('outbox' as const) };
};
