import type { Messages } from '../../plugins/types';

const ar: Messages = {
    dashboard: {
        title: 'لوحة المعلومات',
        loadFailed: 'تعذّرت قراءة لوحة المعلومات',
        welcome: 'مرحبًا، %{name}',
        scope: '%{account} والحسابات التابعة له',
        scopeAlone: 'أرقام %{account}',
        dealers: 'حسابات الموزّعين',
        customers: 'حسابات العملاء',
        users: 'المستخدمون',
        withTfa: 'مع تسجيل الدخول الثنائي',
        usersByRole: 'المستخدمون حسب الدور',
        signIns: 'عمليات تسجيل الدخول، آخر 30 يومًا',
        noSignIns: 'لا توجد عمليات تسجيل دخول في آخر 30 يومًا.',
        recent: 'النشاط الأخير',
        noActivity: 'لم يُسجَّل شيء بعد.',
        allActivity: 'فتح سجل التدقيق',
        devices: { online: 'الأجهزة المتصلة', offline: 'الأجهزة غير المتصلة', pending: 'الأجهزة بانتظار الموافقة' },
        events24h: 'الأحداث الأمنية، آخر 24 ساعة',
        profiles: 'الملفات الشخصية',
        profilesHint: '%{active} نشط · %{enrollment} قيد التسجيل · %{inactive} غير نشط',
        eventsPerDay: 'الأحداث الأمنية، آخر 30 يومًا',
        noEvents30d: 'لا توجد أحداث أمنية في آخر 30 يومًا.',
        eventsByGroup: 'الأحداث الأمنية حسب المجموعة، آخر 24 ساعة',
        noEvents24h: 'لا توجد أحداث أمنية في آخر 24 ساعة.',
        latestIncidents: 'أحدث الحوادث',
        noIncidents: 'لم تُسجَّل أي حوادث.',
        allEvents: 'فتح الأحداث الأمنية',
        openStatistics: 'فتح الإحصاءات',
        offlineDevices: 'الأجهزة غير المتصلة',
        noOffline: 'لا يوجد جهاز غير متصل.',
        allOffline: 'جميع الأجهزة غير المتصلة',
        lastSeen: 'آخر ظهور %{time}',
        neverSeen: 'لم يظهر قط',
        signInsTotal:
            'لا توجد عمليات تسجيل دخول |||| عملية تسجيل دخول واحدة |||| عمليتا تسجيل دخول |||| %{smart_count} عمليات تسجيل دخول |||| %{smart_count} عملية تسجيل دخول |||| %{smart_count} عملية تسجيل دخول',
        share: '%{percent}% من المستخدمين',
    },
};

export default ar;
