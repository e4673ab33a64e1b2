import { localStorageStore, type Store } from 'react-admin';
import type { LocaleCode } from '../../contract/constants';
import { storedUserId } from '../dataProvider/tokens';
import { browserLocale } from '../i18n/locales';

/** What this browser keeps for whoever uses it: the language, chosen before anyone signs in. */
const SHARED_KEYS = new Set(['locale']);
const USER_PREFIX = 'user.';

/**
 * react-admin's store with every key but the shared ones under the signed-in user (`user.<id>.<key>`): list
 * columns, saved queries, remembered pages and sizes are each user's own on a shared browser
 * (docs/decisions.md "Lists kept per user"). react-admin resets the store at sign-out; that reset forgets
 * only the shared keys, so the next sign-in of the same user finds their lists as they left them.
 */
export const userScopedStore = (base: Store, userId: () => number | undefined = storedUserId): Store => {
    const scoped = (key: string) => {
        const id = userId();
        return SHARED_KEYS.has(key) || id === undefined ? key : `${USER_PREFIX}${id}.${key}`;
    };
    const ownPrefix = () => {
        const id = userId();
        return id === undefined ? '' : `${USER_PREFIX}${id}.`;
    };
    return {
        setup: () => base.setup(),
        teardown: () => base.teardown(),
        getItem: (key, defaultValue) => base.getItem(scoped(key), defaultValue),
        setItem: (key, value) => base.setItem(scoped(key), value),
        removeItem: key => base.removeItem(scoped(key)),
        removeItems: keyPrefix => base.removeItems(scoped(keyPrefix)),
        reset: () => {
            for (const key of Object.keys(base.listItems?.() ?? {})) if (!key.startsWith(USER_PREFIX)) base.removeItem(key);
        },
        subscribe: (key, callback) => base.subscribe(scoped(key), callback),
        listItems: keyPrefix => {
            const prefix = ownPrefix();
            const items = base.listItems?.(scoped(keyPrefix ?? '')) ?? {};
            return Object.fromEntries(Object.entries(items).map(([k, v]) => [k.slice(prefix.length), v]));
        },
    };
};

/** react-admin's store (list settings, the language): kept in localStorage under AccessConsole, per user. */
export const consoleStore = userScopedStore(localStorageStore(undefined, 'AccessConsole'));

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
