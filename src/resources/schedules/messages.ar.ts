import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const ar: Messages = {
    menu: { schedules: 'الجداول الزمنية' },
    resources: {
        roles: { resources: { schedules: 'الجداول الزمنية' } },
        audit_logs: { resourceNames: { schedules: 'الجداول الزمنية' } },
        schedules: {
            name: 'جداول زمنية |||| جدول زمني |||| الجداول الزمنية |||| الجداول الزمنية |||| الجداول الزمنية |||| الجداول الزمنية',
            listEmpty: {
                write: 'يحدد الجدول الزمني الساعات التي يمكن فيها لأعضاء مجموعة الوصول المرور؛ والمجموعة التي ليس لها جدول مفتوحة دائمًا. أضف جدولًا، ثم اختره في مجموعة وصول.',
                read: 'يحدد الجدول الزمني الساعات التي يمكن فيها لأعضاء مجموعة الوصول المرور؛ والمجموعة التي ليس لها جدول مفتوحة دائمًا. ينشئ مسؤولو الحساب وفنّيو التركيب الجداول الزمنية.',
            },
            createsIn: 'يُضاف الجدول الزمني إلى %{account}. لإضافته إلى حساب آخر، اختر ذلك الحساب أولًا في عامل تصفية الحساب في القائمة.',
            add: 'إضافة جدول زمني',
            zoneHelp: 'منطقة زمنية من IANA، مثل Europe/Paris. إذا تُركت فارغة: المنطقة الزمنية للحساب، وإلا فـUTC.',
            holidaysHelp: 'تاريخ بالصيغة YYYY-MM-DD، أو MM-DD لكل سنة. بلا ساعات عمل: مغلق ذلك اليوم.',
            exceptionsHelp: 'تاريخ بالصيغة YYYY-MM-DD تحل ساعات عمله محل ساعات الأسبوع والعطلات.',
            week: { title: 'الأسبوع' },
            days: { mon: 'الاثنين', tue: 'الثلاثاء', wed: 'الأربعاء', thu: 'الخميس', fri: 'الجمعة', sat: 'السبت', sun: 'الأحد' },
            fields: {
                name: 'الاسم',
                time_zone: 'المنطقة الزمنية',
                groups_count: 'مجموعات الوصول',
                created_at: 'تاريخ الإنشاء',
                windows: 'الفترات الأسبوعية',
                holidays: 'العطلات',
                exceptions: 'الاستثناءات',
                openHours: 'ساعات العمل',
                day: 'اليوم',
                start: 'البداية',
                end: 'النهاية',
                date: 'التاريخ',
            },
        },
        access_groups: {
            fields: { schedule_id: 'الجدول الزمني' },
            alwaysOpen: 'دائمًا (بلا جدول زمني)',
            scheduleHelp: 'لا يمر الأعضاء إلا ضمن فترات الجدول الزمني.',
        },
    },
    'Name is required': 'الاسم مطلوب',
    'An IANA time zone, such as Europe/Paris': 'منطقة زمنية من IANA، مثل Europe/Paris',
    'A time from 00:00 to 24:00': 'وقت من 00:00 إلى 24:00',
    'The window must end after it starts': 'يجب أن تنتهي الفترة بعد بدايتها',
    'A date as YYYY-MM-DD': 'تاريخ بالصيغة YYYY-MM-DD',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'تاريخ بالصيغة YYYY-MM-DD، أو MM-DD لكل سنة',
    'This date is listed twice': 'هذا التاريخ مدرج مرتين',
};
export default ar;
