import { ALERT_MAIL_EVENTS_MAX } from '../../../contract/alertRules';
import type { Mail } from '../../mail/mailer';
import type { AlertEventSummary } from '../../db/schema';

const escape = (text: string) =>
    text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
 * One alert: subject "<rule>: N events", a line per event with its link, in
 * text and in a simple HTML table; past ALERT_MAIL_EVENTS_MAX (a backlog)
 * the rest is counted and left to the console.
 */
export const alertMail = (m: { to: string; ruleName: string; events: AlertEventSummary[]; publicUrl: string; period?: string }): Mail => {
    const n = m.events.length;
    const shown = m.events.slice(0, ALERT_MAIL_EVENTS_MAX);
    const more = n - shown.length;
    const moreText = more ? `…and ${more} more event${more === 1 ? '' : 's'}: see them in the console, ${m.publicUrl}/events` : '';
    const subject = `${m.ruleName}: ${n} event${n === 1 ? '' : 's'}`;
    const intro = m.period
        ? `The alert rule "${m.ruleName}" matched ${n} event${n === 1 ? '' : 's'} ${m.period}.`
        : `The alert rule "${m.ruleName}" matched ${n} new event${n === 1 ? '' : 's'}.`;
    const text =
        `${intro}\n\n` +
        shown.map(e => `${line(e).join(' | ')}\n  ${eventLink(m.publicUrl, e)}`).join('\n\n') +
        (moreText ? `\n\n${moreText}` : '') +
        `\n\nChange or stop these alerts in the console: ${m.publicUrl}/alert_rules\n`;
    const head = ['Time', 'Type', 'Reader', 'Account', 'People', ''];
    const html =
        '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">' +
        `<p>${escape(intro)}</p>` +
        '<table cellpadding="4" style="border-collapse: collapse; font-size: 14px">' +
        `<tr>${head.map(h => `<th align="left">${h}</th>`).join('')}</tr>` +
        shown
            .map(
                e =>
                    `<tr>${line(e)
                        .map(c => `<td>${escape(c)}</td>`)
                        .join('')}<td><a href="${escape(eventLink(m.publicUrl, e))}">Open</a></td></tr>`,
            )
            .join('') +
        '</table>' +
        (moreText ? `<p>${escape(moreText)}</p>` : '') +
        `<p style="font-size: 12px; color: #555">Change or stop these alerts in the console: <a href="${escape(`${m.publicUrl}/alert_rules`)}">${escape(`${m.publicUrl}/alert_rules`)}</a></p>` +
        '</body></html>';
    return { to: m.to, subject, text, html };
};
