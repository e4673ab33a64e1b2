import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const ar: Messages = {
    menu: { dashboard: 'لوحة المعلومات' },
    resources: {
        roles: { resources: { dashboard: 'لوحة المعلومات' } },
    },
    layout: {
        customerAccount: 'حساب العميل',
        backToMyAccount: 'العودة إلى حسابي',
        version: 'الإصدار %{version}',
        accountType: { platform: 'المنصة', dealer: 'موزّع', customer: 'عميل' },
        switch: {
            button: 'تبديل الحساب',
            title: 'تبديل الحساب',
            search: 'البحث في الحسابات',
            accounts: 'الحسابات',
            mine: 'حسابي',
            current: 'الحالي',
            none: 'لا يوجد حساب مطابق.',
            failed: 'تعذّر تحميل الحسابات.',
            ownActive: 'حساب الموزّع %{account} نشط',
            active: '%{account} نشط',
            modalText: 'أنت تعمل الآن في %{account}. تنتمي القوائم والإعدادات والسجلات الجديدة إلى هذا الحساب إلى أن تبدّل الحساب مرة أخرى.',
        },
        userMenu: { settings: 'الإعدادات', language: 'اللغة', logout: 'تسجيل الخروج', shortcuts: 'اختصارات لوحة المفاتيح' },
        shortcuts: {
            title: 'اختصارات لوحة المفاتيح',
            help: 'عرض هذه القائمة',
            search: 'بحث',
            goTo: 'الانتقال إلى %{screen}',
            create: 'إضافة صف جديد إلى القائمة الحالية',
            close: 'إغلاق هذه القائمة',
        },
        failure: { text: 'عذرًا، الصفحة غير متاحة مؤقتًا.', refresh: 'تحديث' },
        diskLow: {
            writesRefused:
                'مساحة القرص على الخادم غير كافية (%{free} متاحة من %{total}؛ ويُحتفظ بـ%{reserve} احتياطيًا). لا يمكن حفظ أي شيء جديد أو تحميله أو استلامه من القارئات حتى تُحرَّر مساحة؛ وتحتفظ القارئات بأحداثها وترسلها لاحقًا. يؤدي حذف البرامج الثابتة أو الأحداث القديمة إلى تحرير مساحة.',
            imagesPaused: 'مساحة القرص على الخادم توشك على النفاد (%{free} متاحة من %{total}). تُسجَّل الأحداث دون صورها حتى تُحرَّر مساحة.',
        },
    },
    time: {
        seconds: 'منذ %{smart_count} ث',
        minutes: 'منذ %{smart_count} د',
        oneHour: 'منذ ساعة واحدة',
        hours: 'منذ %{smart_count} ساعة',
        days: 'اليوم |||| منذ يوم واحد |||| منذ يومين |||| منذ %{smart_count} أيام |||| منذ %{smart_count} يومًا |||| منذ %{smart_count} يوم',
    },
};
export default ar;
