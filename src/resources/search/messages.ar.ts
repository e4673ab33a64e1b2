import type { Messages } from '../../plugins/types';

const ar: Messages = {
    menu: { search: 'بحث' },
    search: {
        title: 'بحث',
        intro: 'تتطابق الأسماء والأوصاف وعناوين البريد الإلكتروني وعناوين الأجهزة مع أي جزء منها؛ أما معرّف ACS والشارة (NUMBER أو FC:NUMBER) فيتطابقان كاملين.',
        box: { label: 'بحث', placeholder: 'بحث… ( / )' },
        none: 'لا شيء مما يمكنك رؤيته يطابق «%{q}».',
        more: 'تُعرض أول %{n} نتيجة فقط: اكتب المزيد من النص لتضييق النتائج.',
        shortcut: 'من أي صفحة، اضغط',
        kinds: {
            accounts: 'الحسابات',
            users: 'المستخدمون',
            devices: 'الأجهزة',
            readers: 'القارئات',
            access_groups: 'مجموعات الوصول',
            profiles: 'الملفات الشخصية',
            badges: 'معرّفات الشارات',
            deployments: 'عمليات نشر البرامج الثابتة',
            firmware: 'إصدارات البرامج الثابتة',
        },
    },
};
export default ar;
