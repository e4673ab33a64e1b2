/** A mail's fixed text with its %{name} places filled (the texts: each feature's mailTexts.ts). */
export const fill = (text: string, values: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The languages written right to left (the console's list: src/i18n/direction.ts). */
const RIGHT_TO_LEFT = new Set(['ar']);

/** The direction a mail's HTML is laid out in, by its language. */
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale.split('-')[0]!) ? 'rtl' : 'ltr');
