import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with Arabic. */
const ar: Messages = {
    notices: {
        deleteFailedTitle: 'خطأ في الحذف: %{resource}',
        deleteFailed: 'تعذّر علينا حذف هذا العنصر (%{resource})! يُرجى المحاولة مرة أخرى لاحقًا!',
        modifyFailedTitle: 'خطأ في التعديل: %{resource}',
        modifyFailed: 'تعذّر علينا تعديل هذا العنصر (%{resource})! يُرجى المحاولة مرة أخرى لاحقًا!',
        createFailedTitle: 'خطأ في الإنشاء: %{resource}',
        createFailed: 'تعذّر علينا إنشاء هذا العنصر (%{resource})! يُرجى المحاولة مرة أخرى لاحقًا!',
        accessGroupDeleteFailedTitle: 'خطأ في حذف مجموعة الوصول',
        serverError:
            'لا يمكننا متابعة العملية المطلوبة. يُرجى المحاولة مرة أخرى لاحقًا، أو نسخ المعرّف التالي والتواصل مع فريق الدعم لمساعدتك في حل المشكلة.',
        deletedTitle: 'تم حذف %{resource}',
        deleted: 'تمت إزالة الكيان %{resource} رقم %{id} بنجاح',
        deletedPlain: 'تم الحذف بنجاح: %{resource}',
        modifiedTitle: 'تم تعديل %{resource}',
        createdTitle: 'تم إنشاء كيان جديد',
        created: 'رقم %{id}',
        requestId: 'معرّف الطلب',
        copy: 'نسخ',
        copied: 'تم النسخ',
        close: 'إغلاق',
    },
};
export default ar;
