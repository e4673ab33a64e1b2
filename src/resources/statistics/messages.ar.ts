import type { Messages } from '../../plugins/types';

const ar: Messages = {
    menu: { statistics: 'الإحصاءات' },
    resources: {
        roles: { resources: { statistics: 'الإحصاءات' } },
    },
    statistics: {
        title: 'الإحصاءات',
        intro: 'الأحداث الأمنية لـ%{account}',
        introBelow: 'الأحداث الأمنية لـ%{account} والحسابات التابعة له',
        empty: 'لا توجد أحداث أمنية في هذه الفترة.',
        downloadCsv: 'تنزيل CSV',
        downloadFailed: 'خطأ في تنزيل الإحصاءات',
        loadFailed: 'تعذّرت قراءة الإحصاءات',
        total: 'لا توجد أحداث |||| حدث واحد |||| حدثان |||| %{smart_count} أحداث |||| %{smart_count} حدثًا |||| %{smart_count} حدث',
        charts: {
            perDay: 'الأحداث يوميًا، حسب المجموعة',
            byType: 'الأحداث حسب النوع',
            authVsIncidents: 'عمليات المصادقة مقابل الحوادث',
            busiestHours: 'أكثر الساعات نشاطًا',
            perReader: 'الأحداث حسب القارئ',
        },
        series: { authentications: 'عمليات المصادقة', incidents: 'الحوادث', events: 'الأحداث' },
        hour: '%{hour}:00',
        noReader: 'بلا قارئ',
    },
};
export default ar;
