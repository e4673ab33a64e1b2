import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, relativeTime } from '../../../src/i18n/format';

describe('formats of SPEC 9', () => {
    it('dates as YYYY-MM-DD HH:mm:ss, a 1970 date as -', () => {
        expect(formatDate(new Date(2026, 10, 22, 9, 5, 7))).toBe('2026-11-22 09:05:07');
        expect(formatDate(new Date(1970, 0, 1, 3))).toBe('-');
        expect(formatDate(null)).toBe('-');
        expect(formatDate('garbage')).toBe('-');
    });
    it('file sizes from bytes to TB with 2 decimals', () => {
        expect(formatFileSize(512)).toBe('512.00 Bytes');
        expect(formatFileSize(1536)).toBe('1.50 KB');
        expect(formatFileSize(5 * 1024 ** 3)).toBe('5.00 GB');
        expect(formatFileSize(3 * 1024 ** 5)).toBe('3072.00 TB');
        expect(formatFileSize(0)).toBe('0 Bytes');
    });
    it('relative time', () => {
        const now = new Date('2026-11-22T12:00:00Z');
        expect(relativeTime('2026-11-22T11:30:00Z', now)).toEqual({ key: 'time.lessThanHour', count: 0 });
        expect(relativeTime('2026-11-22T11:00:00Z', now)).toEqual({ key: 'time.oneHour', count: 1 });
        expect(relativeTime('2026-11-22T07:00:00Z', now)).toEqual({ key: 'time.hours', count: 5 });
        expect(relativeTime('2026-11-19T12:00:00Z', now)).toEqual({ key: 'time.days', count: 3 });
    });
});
