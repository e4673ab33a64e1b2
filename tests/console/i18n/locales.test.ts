import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/en';
import fr from '../../../src/i18n/fr';
import type { Messages } from '../../../src/plugins/types';

const keys = (tree: Messages, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('locales', () => {
    it('French has every English key and no other (react-admin keys included)', () => {
        const english = new Set(keys(en));
        const french = new Set(keys(fr));
        expect([...english].filter(k => !french.has(k))).toEqual([]);
        expect([...french].filter(k => !english.has(k))).toEqual([]);
    });
    it('none of our translations is empty (react-admin keeps a blank ra.boolean.null on purpose)', () => {
        for (const [name, tree] of [['en', en], ['fr', fr]] as const) {
            const flat = keys(tree);
            const get = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Messages)?.[part], tree);
            expect(flat.filter(k => !k.startsWith('ra.') && typeof get(k) === 'string' && !(get(k) as string).trim()), name).toEqual([]);
        }
    });
});
