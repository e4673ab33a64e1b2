import { expect } from 'vitest';
import { LOCALE_CODES, type LocaleCode } from '../../contract/constants';

/** The %{name} places of a text, in order. */
const places = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map(m => m[1]).join();

/**
 * A feature's mail texts (its mailTexts.ts) have every text in every language the console speaks, none empty, each
 * with the same places for values as the English one.
 */
export const expectEveryLanguage = <T extends { [K in keyof T]: string }>(texts: Record<LocaleCode, T>) => {
    for (const locale of LOCALE_CODES)
        for (const key of Object.keys(texts.en) as (keyof T & string)[]) {
            const [text, english] = [texts[locale][key], texts.en[key]];
            expect(text.trim(), `${locale} ${key}`).not.toBe('');
            expect(places(text), `${locale} ${key}`).toBe(places(english));
        }
};
