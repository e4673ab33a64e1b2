import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const ar: Messages = {
    resources: {
        api_keys: {
            section: 'مفاتيح API',
            intro: 'تستدعي البرامج واجهة API الخاصة بالمنصة بمفتاح من هذا الحساب في الترويسة X-API-Key. للمفتاح صلاحيات دوره في هذا الحساب (وفي الحسابات التابعة له، للأدوار التي تصل إليها)، مثل مستخدم بهذا الدور. ألغِ أي مفتاح لم يعد مستخدمًا أو ربما تسرّب.',
            empty: 'لا توجد مفاتيح API لهذا الحساب.',
            never: 'أبدًا',
            neverUsed: 'لم يُستخدم بعد',
            fields: {
                description: 'الوصف',
                role: 'الدور',
                prefix: 'يبدأ المفتاح بـ',
                created: 'تاريخ الإنشاء',
                expires_at: 'تاريخ الانتهاء',
                last_used: 'آخر استخدام',
                status: 'الحالة',
            },
            status: { active: 'نشط', expired: 'منتهي الصلاحية', revoked: 'ملغى' },
            create: {
                open: 'إنشاء مفتاح API',
                title: 'إنشاء مفتاح API',
                run: 'إنشاء',
                descriptionHelp: 'الغرض من المفتاح، مثل البرنامج الذي يستخدمه',
                tooLong: '%{max} حرفًا كحد أقصى',
                roleHelp: 'يحصل المفتاح على صلاحيات هذا الدور',
                expiryHelp: 'اختياري: يتوقف المفتاح عن العمل بعد هذا اليوم',
                pastDay: 'اختر اليوم أو يومًا لاحقًا',
            },
            created: {
                title: 'تم إنشاء مفتاح API',
                warning: 'انسخ المفتاح الآن واحفظه في مكان آمن: لن يُعرض مرة أخرى.',
                key: 'مفتاح API',
                copy: 'نسخ المفتاح',
                copied: 'تم نسخ المفتاح',
                usage: 'أرسله في الترويسة %{header} مع كل طلب.',
                done: 'تم',
            },
            revoke: {
                run: 'إلغاء',
                label: 'إلغاء %{description}',
                confirmTitle: 'إلغاء مفتاح API %{description}؟',
                confirmContent: 'تُرفض البرامج التي تستخدم هذا المفتاح من الآن فصاعدًا. لا يمكن التراجع عن هذا الإجراء.',
            },
            revoked: 'تم إلغاء مفتاح API %{description}',
            createFailed: 'تعذّر إنشاء مفتاح API',
            revokeFailed: 'تعذّر إلغاء مفتاح API',
        },
        roles: { resources: { apiKeys: 'مفاتيح API' } },
        audit_logs: { resourceNames: { apiKeys: 'مفاتيح API' }, actionNames: { revoke: 'إلغاء' } },
    },
};
export default ar;
