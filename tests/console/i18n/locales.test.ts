import { describe, expect, it } from 'vitest';
import { loadEnglish } from '../../../src/i18n/en';
import { loadFrench } from '../../../src/i18n/fr';
import type { Messages } from '../../../src/plugins/types';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../../contract/auditLogs';
import { isMenuGroup, MENU } from '../../../contract/menu';
import { RESOURCES } from '../../../contract/rights';

const en = await loadEnglish();
const fr = await loadFrench();

/** Every leaf of a message tree as [dotted key, text]. */
const leaves = (tree: Messages, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
    );

const english = new Map(leaves(en));
const french = new Map(leaves(fr));
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map(m => m[1]).sort();

describe('locales (STYLE.md: a test fails on any key missing in a locale)', () => {
    it('French has every English key, react-admin keys included', () => {
        expect([...english.keys()].filter(k => !french.has(k))).toEqual([]);
    });

    it('English has every French key', () => {
        expect([...french.keys()].filter(k => !english.has(k))).toEqual([]);
    });

    it('each French text uses the same placeholders as the English one', () => {
        const differ = [...english]
            .filter(([key, text]) => french.has(key) && placeholders(text).join() !== placeholders(french.get(key)!).join())
            // react-admin's own French drops %{name} from a few texts on purpose
            .filter(([key]) => !key.startsWith('ra.'))
            .map(([key]) => key);
        expect(differ).toEqual([]);
    });

    it('a text with plural forms has them in both languages', () => {
        const differ = [...english]
            .filter(
                ([key, text]) => !key.startsWith('ra.') && french.has(key) && text.includes('||||') !== french.get(key)!.includes('||||'),
            )
            .map(([key]) => key);
        expect(differ).toEqual([]);
    });

    it('none of our translations is empty (react-admin keeps a blank ra.boolean.null on purpose)', () => {
        for (const [name, tree] of [
            ['en', english],
            ['fr', french],
        ] as const) {
            expect(
                [...tree].filter(([key, text]) => !key.startsWith('ra.') && !text.trim()).map(([key]) => key),
                name,
            ).toEqual([]);
        }
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
