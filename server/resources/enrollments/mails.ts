import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { Mail } from '../../mail/mailer';

const escape = (text: string) =>
    text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const day = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** A message in both parts: paragraphs of text, one of which may be a link shown as a button in HTML. */
const message = (to: string, subject: string, paragraphs: (string | { link: string; label: string })[]): Mail => ({
    to,
    subject,
    text: paragraphs.map(p => (typeof p === 'string' ? p : `${p.label}: ${p.link}`)).join('\n\n') + '\n',
    html:
        '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; max-width: 560px">' +
        paragraphs
            .map(p =>
                typeof p === 'string'
                    ? `<p>${escape(p)}</p>`
                    : `<p><a href="${escape(p.link)}" style="display: inline-block; padding: 10px 18px; background: #00695c; color: #fff; text-decoration: none; border-radius: 4px">${escape(p.label)}</a></p><p style="font-size: 12px; color: #555">${escape(p.link)}</p>`,
            )
            .join('') +
        '</body></html>',
});

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

/** The subject of every invitation: fixed, nothing in it comes from the account. */
export const INVITATION_SUBJECT = 'Invitation to enroll your face';
export const CODE_SUBJECT_PREFIX = 'Your enrollment code';
const TENANT_NOTE = 'The names in quotes were entered by the inviting organisation.';

/** The invitation (docs/decisions.md "Web enrollment"): who invites and whom, quoted; what to do, the link and until when it works. */
export const invitationMail = (m: { to: string; name: string; accountName: string; link: string; expiresAt: Date }) =>
    message(m.to, INVITATION_SUBJECT, [
        'Hello,',
        'You are invited to enroll your face for door access.',
        `Invited by: ${quoted(m.accountName)}`,
        `Invitation for: ${quoted(m.name)}`,
        'On the page below you read and sign the consent, then take a picture of your face with your phone or computer.',
        { link: m.link, label: 'Enroll now' },
        `The link works once, until ${day(m.expiresAt)}. If you did not expect this message, ignore it. ${TENANT_NOTE}`,
    ]);

/** The one-time code: the subject holds only the code, which the platform made. */
export const codeMail = (m: { to: string; name: string; accountName: string; code: string }) =>
    message(m.to, `${CODE_SUBJECT_PREFIX}: ${m.code}`, [
        'Hello,',
        `Your code to continue your enrollment is ${m.code}. It works for 10 minutes.`,
        `Invited by: ${quoted(m.accountName)}`,
        `Invitation for: ${quoted(m.name)}`,
        `If you did not ask for a code, ignore this message. ${TENANT_NOTE}`,
    ]);

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
