import { LOCALE_CODES, type LocaleCode } from '../../contract/constants';

/** The console's languages (a leaf module: screens import it without the providers). */
export const LOCALES: { locale: LocaleCode; name: string }[] = [
    { locale: 'en', name: 'English' },
    { locale: 'fr', name: 'Français' },
    { locale: 'de', name: 'Deutsch' },
    { locale: 'es', name: 'Español' },
    { locale: 'ar', name: 'العربية' },
];

export const isLocale = (value: unknown): value is LocaleCode => LOCALE_CODES.includes(value as LocaleCode);

/** The first of the browser's languages the console speaks ('de-AT' is German), else English. */
export const browserLocale = (languages: readonly string[]): LocaleCode => {
    for (const tag of languages) {
        const base = tag.toLowerCase().split('-')[0];
        if (isLocale(base)) return base;
    }
    return 'en';
};
