import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { coreEnglish, loadEnglish } from './en';
import type { Messages } from '../plugins/types';
import { LOCALES } from './locales';
import { setDateLocale } from './format';
import { setPageLanguage } from './direction';
import type { LocaleCode } from '../../contract/constants';

export { LOCALES };

let english: Messages = coreEnglish;

/**
 * The kernel's English is bundled; the features' texts load with the
 * signed-in layout or a public page (loadAllTexts), so the sign-in page
 * downloads none of them (docs/performance.md "Console first load");
 * another language loads whole when chosen (./load.ts). Missing keys are
 * errors, not silent fallbacks.
 */
export const i18nProvider = polyglotI18nProvider(
    locale => {
        // dates, and the page's direction, follow the language from the render that shows it on
        setDateLocale(locale);
        setPageLanguage(locale);
        return locale === 'en'
            ? (english as unknown as TranslationMessages)
            : import('./load').then(async m => (await m.loadLocale(locale as Exclude<LocaleCode, 'en'>)) as unknown as TranslationMessages);
    },
    'en',
    LOCALES,
    { allowMissing: false },
);

let loadingAll: Promise<void> | undefined;

/** Every feature's texts in the current language, before the first screen that shows them. */
export const loadAllTexts = (): Promise<void> =>
    (loadingAll ??= loadEnglish().then(
        async all => {
            english = all;
            // the provider rebuilds its phrases from getMessages: now with every feature's
            await i18nProvider.changeLocale(i18nProvider.getLocale());
        },
        error => {
            // a failed download may be tried again on the next screen
            loadingAll = undefined;
            throw error;
        },
    ));
