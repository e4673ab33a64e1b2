import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const ar: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'تنسيقات البطاقات' } },
        audit_logs: { resourceNames: { cardFormats: 'تنسيقات البطاقات' } },
        card_formats: {
            deleteTitle: 'حذف تنسيق البطاقة «%{name}»؟',
            name: 'تنسيقات بطاقات |||| تنسيق بطاقة |||| تنسيقات البطاقات |||| تنسيقات البطاقات |||| تنسيقات البطاقات |||| تنسيقات البطاقات',
            section: 'تنسيقات البطاقات',
            intro: 'التنسيقات المحددة مسبقًا متاحة لكل حساب؛ أضف التنسيقات التي تستخدمها بطاقات موقعك.',
            create: 'إنشاء تنسيق بطاقة',
            withFacility: 'يتضمن التنسيق رمز منشأة',
            parity: 'بتات التماثل',
            addParity: 'إضافة بت تماثل',
            preview: 'المنشأة 1، البطاقة 1 تعطي',
            even: 'زوجي',
            odd: 'فردي',
            deleteWarning:
                'يؤدي حذف تنسيق بطاقة إلى حذف شارات الزوار وبطاقات الاستبعاد والأحداث الأمنية الخاصة به نهائيًا. يجب أولًا إزالة البطاقات التي تستخدمه.',
            types: {
                predefined: 'محدد مسبقًا',
                custom: 'مخصص',
            },
            fields: {
                name: 'الاسم',
                type: 'النوع',
                bits: 'عدد البتات',
                facility: 'بتات رمز المنشأة',
                card: 'بتات رقم البطاقة',
                parity: 'التماثل',
                sample: 'المنشأة 1، البطاقة 1',
                facilityStart: 'رمز المنشأة بدءًا من البت',
                facilityLength: 'بتات رمز المنشأة',
                cardStart: 'رقم البطاقة بدءًا من البت',
                cardLength: 'بتات رقم البطاقة',
                position: 'البت',
                kind: 'التماثل',
                covers: 'البتات المشمولة',
            },
        },
    },
};
export default ar;
