import type { Messages } from '../../plugins/types';

const ar: Messages = {
    menu: { accounts: 'قائمة الحسابات', accountSettings: 'إعدادات الحساب' },
    resources: {
        roles: { resources: { accounts: 'الحسابات' } },
        audit_logs: { resourceNames: { accounts: 'الحسابات' } },
        accounts: {
            name: 'حسابات |||| حساب |||| الحسابات |||| الحسابات |||| الحسابات |||| الحسابات',
            fields: {
                name: 'الاسم',
                ref_number: 'الرقم المرجعي',
                type: 'النوع',
                'address.email': 'البريد الإلكتروني',
                'address.country': 'البلد',
                'address.city': 'المدينة',
                'address.zip': 'الرمز البريدي',
                'address.state': 'الولاية/المنطقة',
                'address.street_address': 'عنوان الشارع',
                'address.phone_number': 'رقم الهاتف',
                created_at: 'تاريخ الإنشاء',
                q: 'بحث',
            },
            create: 'إنشاء حساب',
            edit: 'تعديل الحساب',
            sections: { details: 'التفاصيل', features: 'الميزات', login: 'تفضيلات تسجيل الدخول' },
            options: {
                'acs/enabled': 'خدمة التحكم في الوصول (تكامل ACS)',
                'acs/opt_out_enabled': 'الانسحاب من القياسات الحيوية',
                'acs/provider': 'موفّر ACS',
                'ag/enabled': 'مجموعات الوصول',
                'enr/enabled': 'التسجيل عبر الويب',
                'prp/profiles': 'الاحتفاظ بالملفات الشخصية (بالأيام)',
                'tfa/enabled': 'تسجيل الدخول الثنائي لمستخدمي هذا الحساب',
            },
            optionsSaved: 'تم حفظ إعدادات الحساب',
            main: 'الحساب الرئيسي للمنصة',
        },
    },
};
export default ar;
