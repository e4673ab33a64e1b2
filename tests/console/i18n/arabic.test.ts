import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n';

describe('Arabic', () => {
    it('counts by its six plural forms once chosen: none, one, two, a few, many, and a hundred on', async () => {
        await i18nProvider.changeLocale('ar');
        const deleted = (n: number) => i18nProvider.translate('ra.notification.deleted', { smart_count: n });
        expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(deleted)).toEqual([
            'لم يُحذف أي عنصر',
            'تم حذف العنصر',
            'تم حذف عنصرين',
            'تم حذف 3 عناصر',
            'تم حذف 10 عناصر',
            'تم حذف 11 عنصرًا',
            'تم حذف 99 عنصرًا',
            'تم حذف 100 عنصر',
            'تم حذف 102 عنصر',
            'تم حذف 103 عناصر',
            'تم حذف 111 عنصرًا',
        ]);
        expect(i18nProvider.translate('time.days', { smart_count: 2 })).toBe('منذ يومين');
        // react-admin asks for a resource's name with smart_count 2 to title its list: the plural, not "two devices"
        expect(i18nProvider.translate('resources.devices.name', { smart_count: 2 })).toBe('الأجهزة');
        expect(i18nProvider.translate('resources.devices.name', { smart_count: 1 })).toBe('جهاز');
    });
});
