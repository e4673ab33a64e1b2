import { localStorageStore } from 'react-admin';
import type { LocaleCode } from '../../contract/constants';
import { browserLocale } from '../i18n/locales';

/** react-admin's store (list settings, the language): kept in localStorage under AccessConsole. */
export const consoleStore = localStorageStore(undefined, 'AccessConsole');

/**
 * The language a page starts in: the one chosen on this browser, else the
 * browser's own when the console speaks it (docs/decisions.md "Languages:
 * German and Spanish, the browser's language, the user's choice").
 * react-admin holds its first render until that language's texts are here,
 * so nothing blinks.
 */
export const startInBrowserLocale = (languages: readonly string[] = navigator.languages ?? [navigator.language]) => {
    if (consoleStore.getItem('locale') !== undefined) return;
    const locale = browserLocale(languages);
    if (locale !== 'en') consoleStore.setItem('locale', locale);
};

/** At sign-in, the language the user chose once, kept on the server, wins over the browser's. */
export const applyUserLocale = (locale: LocaleCode | null) => {
    if (locale && consoleStore.getItem('locale') !== locale) consoleStore.setItem('locale', locale);
};
