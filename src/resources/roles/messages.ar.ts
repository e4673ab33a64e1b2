import type { Messages } from '../../plugins/types';

const ar: Messages = {
    menu: { roles: 'الأدوار' },
    resources: {
        roles: {
            name: 'أدوار |||| دور |||| الأدوار |||| الأدوار |||| الأدوار |||| الأدوار',
            intro: 'لكل مستخدم دور واحد. تتدرج الأدوار من مسؤول المنصة وصولًا إلى مستخدم الحساب؛ وهذا الجدول هو ما يفرضه الخادم.',
            assignable: 'يمكنك منح هذا الدور',
            notAssignable: 'لا يمكنك منح هذا الدور',
            matrix: 'الصلاحيات حسب الدور',
            resource: 'المورد',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'الملفات الشخصية',
                backup: 'النسخ الاحتياطي',
                restore: 'الاستعادة',
                importExport: 'الاستيراد/التصدير',
                version: 'تفاصيل الإصدار',
                optOut: 'الانسحاب',
                adaptive: 'المصادقة الثنائية التكيفية',
                visitors: 'الزوار',
                mainAccount: 'الحساب الرئيسي للمنصة',
            },
            actions: {
                read: 'قراءة',
                write: 'كتابة',
                edit: 'تعديل',
                delete: 'حذف',
                export: 'تصدير',
                bulk_edit: 'تعديل جماعي',
                bulk_delete: 'حذف جماعي',
                bulk_reboot: 'إعادة تشغيل جماعية',
                download_config: 'تنزيل التهيئة',
            },
        },
    },
};
export default ar;
