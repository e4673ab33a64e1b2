import { afterEach, describe, expect, it } from 'vitest';
import { consoleStore } from '../../../src/session/store';
import { saveUser } from '../../../src/dataProvider/tokens';
import type { Me } from '../../../contract/auth';

const signIn = (id: number) => saveUser({ id, account: { id: 10, name: 'Contoso Offices', main: false } } as Me);
const COLUMNS = 'preferences.devices.list.columns';

afterEach(() => {
    saveUser(undefined);
    localStorage.clear();
});

describe("the console's store, per signed-in user", () => {
    it("keeps each user's list settings apart on one browser", () => {
        signIn(1);
        consoleStore.setItem(COLUMNS, ['0', '2']);
        signIn(2);
        expect(consoleStore.getItem(COLUMNS)).toBeUndefined();
        consoleStore.setItem(COLUMNS, ['1']);
        signIn(1);
        expect(consoleStore.getItem(COLUMNS)).toEqual(['0', '2']);
    });

    it("forgets at sign-out only what is not a user's own: the next sign-in finds the lists as left", () => {
        signIn(1);
        consoleStore.setItem('locale', 'fr');
        consoleStore.setItem('events.savedQueries', [{ label: 'Tailgating', value: { filter: { event: 'tailgating' } } }]);
        consoleStore.reset();
        saveUser(undefined);
        expect(consoleStore.getItem('locale')).toBeUndefined();
        signIn(1);
        expect(consoleStore.getItem('events.savedQueries')).toEqual([{ label: 'Tailgating', value: { filter: { event: 'tailgating' } } }]);
    });

    it('keeps the language for the browser, whoever signs in', () => {
        consoleStore.setItem('locale', 'de');
        signIn(3);
        expect(consoleStore.getItem('locale')).toBe('de');
    });
});
