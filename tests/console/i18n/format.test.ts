import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatRelativeTime, relativeTime } from '../../../src/i18n/format';
import { loadEnglish } from '../../../src/i18n/en';
import { loadLocale } from '../../../src/i18n/load';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';

const en = await loadEnglish();
const fr = await loadLocale('fr');

const translator = (messages: unknown) =>
    polyglotI18nProvider(() => messages as TranslationMessages, 'en', [], { allowMissing: false }).translate;

describe("dates (SPEC 9, in the reader's language)", () => {
    it('read YYYY-MM-DD HH:mm:ss in local time in English', () => {
        expect(formatDate(new Date(2026, 10, 22, 9, 5, 7))).toBe('2026-11-22 09:05:07');
        expect(formatDate(new Date(2026, 0, 1, 23, 59, 59).getTime())).toBe('2026-01-01 23:59:59');
    });
    it('show - for a year of 1970 (an unset time) and for nothing', () => {
        expect(formatDate(new Date(1970, 0, 1, 3))).toBe('-');
        expect(formatDate(new Date(1970, 11, 31, 23))).toBe('-');
        expect(formatDate(0)).toBe('-');
        expect(formatDate('1970-01-01T00:00:00Z')).toBe('-');
        expect(formatDate(null)).toBe('-');
        expect(formatDate(undefined)).toBe('-');
        expect(formatDate('')).toBe('-');
        expect(formatDate('garbage')).toBe('-');
    });
    it('read as each language writes a date and time: 28.11.2026, 18:03:03 in German', () => {
        const date = new Date(2026, 10, 28, 18, 3, 3);
        expect(formatDate(date, 'de')).toBe('28.11.2026, 18:03:03');
        expect(formatDate(date, 'fr')).toBe('28/11/2026 18:03:03');
        expect(formatDate(date, 'es')).toBe('28/11/2026, 18:03:03');
        expect(formatDate(date, 'pt-BR')).toBe('28/11/2026, 18:03:03');
        expect(formatDate(date, 'it')).toBe('28/11/2026, 18:03:03');
        expect(formatDate(date, 'nl')).toBe('28-11-2026, 18:03:03');
        expect(formatDate(date, 'ja')).toBe('2026/11/28 18:03:03');
        expect(formatDate(0, 'de')).toBe('-');
    });
    it('read server ISO strings', () => {
        const iso = new Date(2026, 4, 6, 7, 8, 9).toISOString();
        expect(formatDate(iso)).toBe('2026-05-06 07:08:09');
    });
});

describe('file sizes (SPEC 9: bytes to TB, 2 decimals)', () => {
    it.each([
        [0, '0 Bytes'],
        [1, '1.00 Bytes'],
        [512, '512.00 Bytes'],
        [1023, '1023.00 Bytes'],
        [1024, '1.00 KB'],
        [1536, '1.50 KB'],
        [10 * 1024 ** 2 + 5 * 1024, '10.00 MB'],
        [5 * 1024 ** 3, '5.00 GB'],
        [2.345 * 1024 ** 4, '2.35 TB'],
        [3 * 1024 ** 5, '3072.00 TB'],
        [-5, '0 Bytes'],
        [Number.NaN, '0 Bytes'],
    ])('%d bytes read %s', (bytes, text) => {
        expect(formatFileSize(bytes)).toBe(text);
    });
});

describe('relative time (SPEC 9)', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    it('is true to the second under an hour, then picks the SPEC wording by the hours gone', () => {
        expect(relativeTime('2026-11-22T11:59:48Z', now)).toEqual({ key: 'time.seconds', count: 12 });
        expect(relativeTime('2026-11-22T12:00:03Z', now)).toEqual({ key: 'time.seconds', count: 0 });
        expect(relativeTime('2026-11-22T11:30:00Z', now)).toEqual({ key: 'time.minutes', count: 30 });
        expect(relativeTime('2026-11-22T11:00:00Z', now)).toEqual({ key: 'time.oneHour', count: 1 });
        expect(relativeTime('2026-11-22T10:00:01Z', now)).toEqual({ key: 'time.oneHour', count: 1 });
        expect(relativeTime('2026-11-22T07:00:00Z', now)).toEqual({ key: 'time.hours', count: 5 });
        expect(relativeTime('2026-11-21T12:00:01Z', now)).toEqual({ key: 'time.hours', count: 23 });
        expect(relativeTime('2026-11-21T12:00:00Z', now)).toEqual({ key: 'time.days', count: 1 });
        expect(relativeTime('2026-11-19T12:00:00Z', now)).toEqual({ key: 'time.days', count: 3 });
    });
    it('reads in English and French', () => {
        const english = translator(en);
        const french = translator(fr);
        expect(formatRelativeTime(english, '2026-11-22T11:59:48Z', now)).toBe('12 s ago');
        expect(formatRelativeTime(english, '2026-11-22T11:30:00Z', now)).toBe('30 min ago');
        expect(formatRelativeTime(english, '2026-11-22T11:00:00Z', now)).toBe('1 hour ago');
        expect(formatRelativeTime(english, '2026-11-22T07:00:00Z', now)).toBe('5 hours ago');
        expect(formatRelativeTime(english, '2026-11-21T12:00:00Z', now)).toBe('1 day ago');
        expect(formatRelativeTime(english, '2026-11-19T12:00:00Z', now)).toBe('3 days ago');
        expect(formatRelativeTime(french, '2026-11-22T11:30:00Z', now)).toBe('il y a 30 min');
        expect(formatRelativeTime(french, '2026-11-21T12:00:00Z', now)).toBe('il y a 1 jour');
        expect(formatRelativeTime(french, '2026-11-19T12:00:00Z', now)).toBe('il y a 3 jours');
    });
});
