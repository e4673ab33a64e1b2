import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const ar: Messages = {
    resources: {
        event_retention: {
            section: 'الاحتفاظ بالأحداث',
            intro: 'مدة الاحتفاظ بالأحداث الأمنية وصورها. تُزال الصور الأقدم (ويُشار إلى ذلك في الحدث)، وتُحذف الأحداث الأقدم مع صورها.',
            fields: {
                eventImagesDays: 'سياسة الاحتفاظ بالصور: صور الأحداث (بالأيام)',
                eventsDays: 'سياسة الاحتفاظ بالأحداث الأمنية (بالأيام)',
            },
            default: 'فارغ: %{days} يوم',
            invalid: 'عدد صحيح من الأيام من 1 إلى %{max}',
            saved: 'تم حفظ سياسات الاحتفاظ',
        },
    },
};
export default ar;
