import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const ar: Messages = {
    menu: { readers: 'القارئات' },
    resources: {
        audit_logs: { resourceNames: { readers: 'القارئات' } },
        readers: {
            deleteTitle: 'حذف القارئ «%{name}»؟',
            name: 'قارئات |||| قارئ |||| القارئات |||| القارئات |||| القارئات |||| القارئات',
            listEmpty: {
                write: 'القارئ هو باب في نظام التحكم في الوصول (ACS). أنشئ قارئًا، ثم اربطه بالجهاز المركّب عند ذلك الباب.',
                read: 'القارئ هو باب في نظام التحكم في الوصول (ACS). ينشئ مسؤولو الحساب وفنّيو التركيب القارئات.',
            },
            createsIn: 'يُضاف القارئ إلى %{account}. لإضافته إلى حساب آخر، اختر ذلك الحساب أولًا في عامل تصفية الحساب في القائمة.',
            create: 'إنشاء قارئ',
            edit: 'تعديل القارئ',
            notLinked: 'غير مرتبط',
            linkedTo: 'يخدمه %{device}',
            takenBy: 'مرتبط بـ%{reader}',
            pickerHelp: 'الجهاز (rock) عند هذا الباب. اتركه فارغًا لإلغاء الربط.',
            filters: { linked: 'الربط', linkedYes: 'مرتبط بجهاز', linkedNo: 'غير مرتبط' },
            statuses: { pending: 'بانتظار الموافقة', online: 'متصل', offline: 'غير متصل', rejected: 'مرفوض' },
            fields: {
                description: 'القارئ',
                hardware_id: 'الجهاز',
                device: 'الجهاز',
                status: 'حالة الجهاز',
                updated_at: 'آخر تغيير',
            },
        },
    },
    'Reader is required': 'القارئ مطلوب',
    "Choose a device of the reader's account": 'اختر جهازًا من حساب القارئ',
};
export default ar;
