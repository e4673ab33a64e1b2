import { quoted } from './mails';

const escape = (text: string) =>
    text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The small pages an outside address answers its confirmation mail on
 * (routes.ts, /alert_addresses/:token/…): plain HTML of the server, no
 * script, in English as the mails are. Opening a link only shows the
 * question with its button; the answer is the button's POST, so a mail
 * filter that opens every link to scan it answers nothing.
 */
export const answerPage = (p: { title: string; lines: string[]; button?: string }) =>
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escape(p.title)}</title></head>` +
    '<body style="font-family: sans-serif; line-height: 1.5; max-width: 40em; margin: 3em auto; padding: 0 1em">' +
    `<h1 style="font-size: 1.4em">${escape(p.title)}</h1>` +
    p.lines.map(l => `<p>${escape(l)}</p>`).join('') +
    (p.button
        ? `<form method="post"><input type="hidden" name="answer" value="yes"><button type="submit" style="font-size: 1em; padding: .5em 1.5em">${escape(p.button)}</button></form>`
        : '') +
    '</body></html>';

/** Who asks, as the confirmation mail says it: the account's and rule's names quoted, as their staff typed them. */
export const askedBy = (a: { account_name: string; rule_name: string }) =>
    `The account ${quoted(a.account_name)} asks to send the security alerts of its rule ${quoted(a.rule_name)} to this address. Those names are theirs, not ours.`;
