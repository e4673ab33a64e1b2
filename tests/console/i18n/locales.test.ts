import { describe, expect, it } from 'vitest';
import { loadEnglish } from '../../../src/i18n/en';
import { loadLocale } from '../../../src/i18n/load';
import { LOCALES } from '../../../src/i18n/locales';
import type { Messages } from '../../../src/plugins/types';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../../contract/auditLogs';
import { isMenuGroup, MENU } from '../../../contract/menu';
import { RESOURCES } from '../../../contract/rights';

/** Every leaf of a message tree as [dotted key, text]. */
const leaves = (tree: Messages, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
    );

const english = new Map(leaves(await loadEnglish()));
/** The names a text interpolates, each once: a plural form may spell a count out (Arabic's two) or drop it (Japanese has one form). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map(m => m[1]))].sort();
/** react-admin gives its sort tooltip both %{field} and %{field_lower_first}: German capitalises nouns, so it takes the first. */
const samePlaceholders = (key: string, a: string, b: string) =>
    key === 'ra.sort.sort_by'
        ? placeholders(a).join().replace('field_lower_first', 'field') === placeholders(b).join().replace('field_lower_first', 'field')
        : placeholders(a).join() === placeholders(b).join();
/** The forms polyglot picks among for a count in each language (node-polyglot's pluralTypes): Arabic six, Japanese one. */
const PLURAL_FORMS: Partial<Record<string, number>> = { ar: 6, ja: 1 };
const pluralForms = (locale: string) => PLURAL_FORMS[locale] ?? 2;
const forms = (text: string) => text.split('||||').length;
const others = LOCALES.filter(l => l.locale !== 'en').map(l => l.locale as Exclude<(typeof l)['locale'], 'en'>);

describe.each(others)('%s (STYLE.md: a test fails on any key missing in a locale)', locale => {
    it('has every English key, react-admin keys included', async () => {
        const other = new Map(leaves(await loadLocale(locale)));
        expect([...english.keys()].filter(k => !other.has(k))).toEqual([]);
    });

    it('has no key English lacks', async () => {
        const other = new Map(leaves(await loadLocale(locale)));
        expect([...other.keys()].filter(k => !english.has(k))).toEqual([]);
    });

    it('uses the same placeholders as English in each text', async () => {
        const other = new Map(leaves(await loadLocale(locale)));
        const differ = [...english]
            .filter(([key, text]) => other.has(key) && !samePlaceholders(key, text, other.get(key)!))
            // react-admin's own French (its package) drops %{name} from a few texts on purpose; ours keep them
            .filter(([key]) => !(locale === 'fr' && key.startsWith('ra.')))
            .map(([key]) => key);
        expect(differ).toEqual([]);
    });

    it("has as many plural forms as the language's plural rule reads where English has them, one elsewhere", async () => {
        const other = new Map(leaves(await loadLocale(locale)));
        const differ = [...english]
            .filter(([key]) => other.has(key))
            .filter(([key, text]) => forms(other.get(key)!) !== (forms(text) > 1 ? pluralForms(locale) : 1))
            .map(([key]) => key);
        expect(differ).toEqual([]);
    });

    it('has no empty text (react-admin keeps a blank ra.boolean.null on purpose; its French package is taken as it is)', async () => {
        const other = new Map(leaves(await loadLocale(locale)));
        const theirs = (key: string) => key === 'ra.boolean.null' || (locale === 'fr' && key.startsWith('ra.'));
        expect([...other].filter(([key, text]) => !theirs(key) && !text.trim()).map(([key]) => key)).toEqual([]);
    });
});

describe('English', () => {
    it('has no empty text of ours', () => {
        expect([...english].filter(([key, text]) => !key.startsWith('ra.') && !text.trim()).map(([key]) => key)).toEqual([]);
    });

    it('every resource and action the audit log records has a label, so its filters and rows read as words', () => {
        const keys = [
            ...AUDIT_RESOURCES.map(r => `resources.audit_logs.resourceNames.${r}`),
            ...AUDIT_ACTIONS.map(a => `resources.audit_logs.actionNames.${a}`),
        ];
        expect(keys.filter(k => !english.has(k))).toEqual([]);
    });

    it('every menu entry and every right of the roles table has a label, wherever the feature keeps it', () => {
        const keys = [
            ...MENU.flatMap(e => (isMenuGroup(e) ? [e.title, ...e.items.map(i => `menu.${i.key}`)] : [`menu.${e.key}`])),
            ...RESOURCES.map(r => `resources.roles.resources.${r}`),
        ];
        expect(keys.filter(k => !english.has(k))).toEqual([]);
    });
});
