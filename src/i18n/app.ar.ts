import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const ar: Messages = {
    app: {
        name: 'وحدة التحكم في الوصول',
        ok: 'موافق',
        confirmDelete: { title: 'حذف «%{name}»؟', content: 'لا يمكن التراجع عن هذا الإجراء.' },
        export: 'تصدير',
        exports: {
            nothing: 'لا شيء للتصدير: لا يطابق أي صف عوامل التصفية الحالية.',
            notAllowed: 'لا يمكن لدورك (%{role}) تصدير هذه القائمة.',
        },
        lists: {
            account: 'الحساب',
            allAccounts: 'جميع حساباتي',
            nothingYet: 'لا يوجد شيء هنا بعد.',
            noMatch: 'لا شيء يطابق عوامل التصفية هذه.',
            clearFilters: 'مسح عوامل التصفية',
        },
        yes: 'نعم',
        no: 'لا',
        roles: {
            admin: 'مسؤول المنصة',
            dealer: 'مسؤول الموزّع',
            installer: 'فنّي التركيب',
            moderator: 'مسؤول الحساب',
            manager: 'مدير الحساب',
            user: 'مستخدم الحساب',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'الحسابات',
            permissions: 'الأذونات',
            deviceManagement: 'إدارة الأجهزة',
            profiles: 'الملفات الشخصية',
            systemManager: 'إدارة النظام',
        },
    },
};
export default ar;
