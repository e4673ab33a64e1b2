import { directionOf, PLATFORM_BRAND, type LocaleCode } from '../../contract/constants';
import type { Mail } from './mailer';

/**
 * The brand a mail wears (docs/decisions.md "Brands per account"): the sender's name, a logo above the text, a
 * signature with the support address below it, and the colour of its button. No brand: the platform's plain mail.
 */
export interface MailBrand {
    product_name: string;
    /** an absolute address (the platform's public URL) */
    logo_url: string | null;
    support_email: string | null;
    /** #rrggbb, readable under white text (the brand's contrast rule) */
    primary_color: string;
}

export const escapeHtml = (text: string) =>
    text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const signature = (brand: MailBrand) => (brand.support_email ? `${brand.product_name} · ${brand.support_email}` : brand.product_name);

/**
 * A whole HTML mail around `body`: its language and direction (Arabic reads right to left), and the brand's logo
 * above and signature below.
 */
export const htmlMail = (body: string, locale: LocaleCode = 'en', brand?: MailBrand) =>
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><body style="font-family: sans-serif; line-height: 1.5">` +
    (brand?.logo_url ? `<p><img src="${escapeHtml(brand.logo_url)}" alt="${escapeHtml(brand.product_name)}" height="40"></p>` : '') +
    body +
    (brand ? `<p style="font-size: 13px; color: #555">${escapeHtml(signature(brand))}</p>` : '') +
    '</body></html>';

/** A mail's text part signed by the brand, and its sender named after it. */
export const brandedParts = (text: string, brand?: MailBrand): Pick<Mail, 'text' | 'fromName'> => ({
    text: brand ? `${text.replace(/\n+$/, '')}\n\n${signature(brand)}\n` : text,
    ...(brand ? { fromName: brand.product_name } : {}),
});

/** A paragraph of a message, or a link shown as a button in HTML and as "label: link" in text. */
export type MessagePart = string | { link: string; label: string };

/** A message in both parts, from paragraphs, in a language and a brand. */
export const message = (to: string, subject: string, paragraphs: MessagePart[], locale: LocaleCode = 'en', brand?: MailBrand): Mail => {
    const button = brand?.primary_color ?? PLATFORM_BRAND.primary_color;
    const html = paragraphs
        .map(p =>
            typeof p === 'string'
                ? `<p>${escapeHtml(p)}</p>`
                : `<p><a href="${escapeHtml(p.link)}" style="display: inline-block; padding: 10px 18px; background: ${button}; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(p.label)}</a></p><p style="font-size: 12px; color: #555">${escapeHtml(p.link)}</p>`,
        )
        .join('');
    return {
        to,
        subject,
        ...brandedParts(paragraphs.map(p => (typeof p === 'string' ? p : `${p.label}: ${p.link}`)).join('\n\n') + '\n', brand),
        html: htmlMail(`<div style="max-width: 560px">${html}</div>`, locale, brand),
    };
};
