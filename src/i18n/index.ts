import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import en from './en';

import { LOCALES } from './locales';

export { LOCALES };

/** English is bundled; French loads on demand. Missing keys are errors, not silent fallbacks. */
export const i18nProvider = polyglotI18nProvider(
    locale =>
        locale === 'fr'
            ? import('./fr').then(async m => (await m.loadFrench()) as unknown as TranslationMessages)
            : (en as unknown as TranslationMessages),
    'en',
    LOCALES,
    { allowMissing: false },
);
