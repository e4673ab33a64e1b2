import { afterEach, describe, expect, it } from 'vitest';
import { browserLocale } from '../../../src/i18n/locales';
import { applyUserLocale, consoleStore, startInBrowserLocale } from '../../../src/session/store';

afterEach(() => consoleStore.removeItem('locale'));

describe('the language a page starts in', () => {
    it("is the first of the browser's languages the console speaks", () => {
        expect(browserLocale(['de-AT', 'en-US'])).toBe('de');
        expect(browserLocale(['ko', 'es-MX', 'fr'])).toBe('es');
        expect(browserLocale(['FR-ca'])).toBe('fr');
        expect(browserLocale(['nl-BE', 'en'])).toBe('nl');
        expect(browserLocale(['ja-JP', 'en-US'])).toBe('ja');
        expect(browserLocale(['ko', 'ja'])).toBe('ja');
        expect(browserLocale(['ko', 'zh-CN'])).toBe('en');
        expect(browserLocale([])).toBe('en');
        expect(browserLocale(['ar-SA', 'en'])).toBe('ar');
        expect(browserLocale(['ko', 'ar-EG'])).toBe('ar');
        expect(browserLocale(['AR'])).toBe('ar');
    });

    it('reads Brazilian Portuguese for any Portuguese, and Italian for Swiss Italian', () => {
        expect(browserLocale(['pt-BR', 'en'])).toBe('pt-BR');
        expect(browserLocale(['pt-br'])).toBe('pt-BR');
        expect(browserLocale(['pt', 'en'])).toBe('pt-BR');
        expect(browserLocale(['pt-PT', 'es'])).toBe('pt-BR');
        expect(browserLocale(['it-CH', 'de'])).toBe('it');
        expect(browserLocale(['it'])).toBe('it');
    });

    it("starts a first visit in the browser's language, and keeps a choice made on this browser", () => {
        startInBrowserLocale(['es-ES', 'en']);
        expect(consoleStore.getItem('locale')).toBe('es');
        consoleStore.setItem('locale', 'fr');
        startInBrowserLocale(['de-DE']);
        expect(consoleStore.getItem('locale')).toBe('fr');
    });

    it('leaves English browsers on the default, so nothing extra loads before the sign-in page', () => {
        startInBrowserLocale(['en-GB', 'de']);
        expect(consoleStore.getItem('locale')).toBeUndefined();
    });

    it("takes the user's language kept on the server at sign-in, and nothing when none is kept", () => {
        startInBrowserLocale(['de-DE']);
        applyUserLocale(null);
        expect(consoleStore.getItem('locale')).toBe('de');
        applyUserLocale('es');
        expect(consoleStore.getItem('locale')).toBe('es');
    });
});
