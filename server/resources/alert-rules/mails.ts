import { ALERT_MAIL_EVENTS_MAX } from '../../../contract/alertRules';
import type { LocaleCode } from '../../../contract/constants';
import type { Mail } from '../../mail/mailer';
import { fill } from '../../mail/language';
import { brandedParts, escapeHtml, htmlMail, type MailBrand } from '../../mail/message';
import { ALERT_MAIL_TEXTS, type AlertMailTexts } from './mailTexts';
import type { AlertEventSummary, AlertMailContent } from '../../db/schema';

/** 2026-11-26 11:49:53 UTC: the same in every mail program, whatever the reader's zone. */
export const mailTime = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

/**
 * The console's events list narrowed to this event (its type, reader and
 * second): the list has no page of its own for one event, its details open
 * from the row.
 */
export const eventLink = (publicUrl: string, e: AlertEventSummary) => {
    const at = new Date(e.timestamp);
    const params = new URLSearchParams({
        cross_account: 'true',
        event: e.event,
        from: at.toISOString(),
        to: new Date(at.getTime() + 1000).toISOString(),
    });
    if (e.device_id) params.set('device_id', String(e.device_id));
    return `${publicUrl}/events?${params.toString()}`;
};

const line = (e: AlertEventSummary) => [mailTime(e.timestamp), e.event, e.reader ?? '—', e.account, e.people.join(', ') || '—'];

/**
 * A name a tenant chose (rule, account), as it appears in a mail: on one
 * line between quotes, so it reads as data, never as the platform's words
 * (a rule called "URGENT: verify your bank account" must not look like our
 * request). Tenant text never goes in a subject.
 */
export const quoted = (text: string) => {
    // A line break or control character in a name would start a line of its own.
    const oneLine = [...text].map(c => (c < ' ' || c === '\u007f' || c === '\u2028' || c === '\u2029' ? ' ' : c)).join('');
    return `“${oneLine.replace(/ {2,}/g, ' ').trim()}”`;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an alert mail ends with: the console for the account's users, the address's own refusal link for an outside one. */
export type AlertFooter = { kind: 'user' } | { kind: 'address'; refuseUrl: string };

const footerText = (publicUrl: string, footer: AlertFooter, t: AlertMailTexts) =>
    footer.kind === 'user' ? { text: t.footerUser, url: `${publicUrl}/alert_rules` } : { text: t.footerAddress, url: footer.refuseUrl };

const page = (body: string, footer: { text: string; url: string }, locale: LocaleCode, brand?: MailBrand) =>
    htmlMail(
        body +
            `<p style="font-size: 12px; color: #555">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.url)}">${escapeHtml(footer.url)}</a></p>`,
        locale,
        brand,
    );

/**
 * One alert to one recipient: subject "Alert: N events" ("Alert digest: N
 * events"), the rule's name quoted in the body, a line per event with its
 * link, in text and in a simple HTML table; past ALERT_MAIL_EVENTS_MAX (a
 * backlog) the rest is counted and left to the console.
 */
export const alertMail = (m: {
    to: string;
    ruleName: string;
    content: AlertMailContent;
    publicUrl: string;
    footer: AlertFooter;
    locale: LocaleCode;
    /** the brand of the rule's account (docs/decisions.md "Brands per account") */
    brand?: MailBrand;
}): Mail => {
    const t = ALERT_MAIL_TEXTS[m.locale];
    const n = m.content.count;
    const shown = m.content.events.slice(0, ALERT_MAIL_EVENTS_MAX);
    const more = n - shown.length;
    const moreText = more ? fill(t.more, { events: t.moreEvents(more), url: `${m.publicUrl}/events` }) : '';
    const subject = fill(m.content.period ? t.digestSubject : t.subject, { events: t.events(n) });
    // a digest's period is kept as "from <start> to <end> UTC" (jobs.ts periodText)
    const [from, to] = m.content.period?.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g) ?? [];
    const intro =
        m.content.period && from && to
            ? fill(t.matchedInPeriod, { rule: quoted(m.ruleName), events: t.events(n), from, to })
            : fill(t.matched, { rule: quoted(m.ruleName), events: t.newEvents(n) });
    const footer = footerText(m.publicUrl, m.footer, t);
    const text =
        `${intro}\n\n` +
        shown.map(e => `${line(e).join(' | ')}\n  ${eventLink(m.publicUrl, e)}`).join('\n\n') +
        (moreText ? `\n\n${moreText}` : '') +
        `\n\n${footer.text} ${footer.url}\n`;
    const head = [...t.head, ''];
    const html = page(
        `<p>${escapeHtml(intro)}</p>` +
            '<table cellpadding="4" style="border-collapse: collapse; font-size: 14px">' +
            `<tr>${head.map(h => `<th align="left">${h}</th>`).join('')}</tr>` +
            shown
                .map(
                    e =>
                        `<tr>${line(e)
                            .map(c => `<td>${escapeHtml(c)}</td>`)
                            .join('')}<td><a href="${escapeHtml(eventLink(m.publicUrl, e))}">${escapeHtml(t.open)}</a></td></tr>`,
                )
                .join('') +
            '</table>' +
            (moreText ? `<p>${escapeHtml(moreText)}</p>` : ''),
        footer,
        m.locale,
        m.brand,
    );
    return { to: m.to, subject, ...brandedParts(text, m.brand), html };
};

/** The subject of every confirmation request: the same for all, whoever asks. */
export const CONFIRMATION_SUBJECT = 'Please confirm: security alerts to this address';

/**
 * The one mail an outside address gets before it agreed to alerts: who asks
 * (the account and rule, quoted, as their staff named them), and a link to
 * confirm and one to refuse. Nothing else is sent to it until it confirms.
 */
export const confirmationMail = (m: {
    to: string;
    accountName: string;
    ruleName: string;
    publicUrl: string;
    confirmUrl: string;
    refuseUrl: string;
    validDays: number;
}): Mail => {
    const lines = [
        `Staff of an account of the access-control platform at ${m.publicUrl} would like to send security alerts to this address.`,
        `The account calls itself ${quoted(m.accountName)} and the alert rule ${quoted(m.ruleName)}; those names are theirs, not ours.`,
        'Nothing more is sent to this address unless you confirm.',
    ];
    const confirm = `To receive the alerts, confirm within ${plural(m.validDays, 'day')}:`;
    const refuse = 'If you did not expect this, refuse, and this rule sends you nothing more:';
    const text = `${lines.join('\n\n')}\n\n${confirm}\n${m.confirmUrl}\n\n${refuse}\n${m.refuseUrl}\n`;
    const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    const html =
        '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">' +
        lines.map(l => `<p>${escapeHtml(l)}</p>`).join('') +
        `<p>${escapeHtml(confirm)}<br>${link(m.confirmUrl)}</p>` +
        `<p>${escapeHtml(refuse)}<br>${link(m.refuseUrl)}</p>` +
        '</body></html>';
    return { to: m.to, subject: CONFIRMATION_SUBJECT, text, html };
};
