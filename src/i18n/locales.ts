import { LOCALE_CODES, type LocaleCode } from '../../contract/constants';

/** The console's languages (a leaf module: screens import it without the providers). */
export const LOCALES: { locale: LocaleCode; name: string }[] = [
    { locale: 'en', name: 'English' },
    { locale: 'fr', name: 'Français' },
    { locale: 'de', name: 'Deutsch' },
    { locale: 'es', name: 'Español' },
    { locale: 'pt-BR', name: 'Português (Brasil)' },
    { locale: 'it', name: 'Italiano' },
    { locale: 'nl', name: 'Nederlands' },
    { locale: 'ja', name: '日本語' },
    { locale: 'ar', name: 'العربية' },
];

export const isLocale = (value: unknown): value is LocaleCode => LOCALE_CODES.includes(value as LocaleCode);

const baseOf = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * The first of the browser's languages the console speaks, else English: a tag the console has as it is
 * ('pt-BR'), else one of its languages by the tag's base ('de-AT' is German, 'pt' and 'pt-PT' the Brazilian
 * Portuguese, the console's only Portuguese).
 */
export const browserLocale = (languages: readonly string[]): LocaleCode => {
    for (const tag of languages) {
        const found =
            LOCALE_CODES.find(code => code.toLowerCase() === tag.toLowerCase()) ?? LOCALE_CODES.find(code => baseOf(code) === baseOf(tag));
        if (found) return found;
    }
    return 'en';
};
