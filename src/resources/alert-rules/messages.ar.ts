import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Texts of the alert rules screens (docs/decisions.md "Alert rules"); the contract/ validation texts are keyed by their English text. */
const ar: Messages = {
    [M.noRecipient]: 'اختر مستخدمًا واحدًا على الأقل أو عنوان بريد إلكتروني أو خطاف ويب لإرسال التنبيهات إليه.',
    [M.foreignWebhooks]: 'اختر خطافات ويب من حساب القاعدة.',
    [M.unknownUsers]: 'اختر مستخدمين من حساب القاعدة.',
    [M.foreignDevices]: 'اختر أجهزة من حساب القاعدة.',
    [M.foreignGroups]: 'اختر مجموعات وصول من حساب القاعدة.',
    [M.badAddress]: 'أدخل عناوين بريد إلكتروني فقط، عنوانًا في كل سطر.',
    [M.periodRequired]: 'اختر كل ساعة أو يوميًا للملخص.',
    [M.tooManyAddresses]: `أدخل ${ALERT_RULE_EMAILS_MAX} عناوين أخرى كحد أقصى؛ واختر مستخدمي الحساب لإضافة المزيد.`,
    [M.confirmationsPerDay]: `طلب الحساب من ${ALERT_CONFIRMATIONS_PER_DAY} عنوانًا التأكيد خلال آخر 24 ساعة؛ أضف المزيد من العناوين غدًا.`,
    [M.resendTooSoon]: `أُرسل طلب تأكيد إلى هذا العنوان قبل أقل من ${ALERT_CONFIRMATION_RESEND_MINUTES} دقيقة.`,
    [M.notWaiting]: 'هذا العنوان لا ينتظر تأكيدًا.',
    [M.unknownAddress]: 'هذا العنوان ليس من عناوين القاعدة.',
    menu: { alertRules: 'قواعد التنبيه' },
    resources: {
        roles: { resources: { alertRules: 'قواعد التنبيه' } },
        audit_logs: { resourceNames: { alertRules: 'قواعد التنبيه' } },
        alert_rules: {
            name: 'قواعد تنبيه |||| قاعدة تنبيه |||| قواعد التنبيه |||| قواعد التنبيه |||| قواعد التنبيه |||| قواعد التنبيه',
            listEmpty: {
                write: 'ترسل قاعدة التنبيه بريدًا إلى مستخدمين مختارين، أو تستدعي خطافات الويب الخاصة بالحساب، عند وقوع أحداث من نوع معين. أضف قاعدة ليصلك إشعار بها.',
                read: 'ترسل قاعدة التنبيه بريدًا إلى مستخدمين مختارين، أو تستدعي خطافات الويب الخاصة بالحساب، عند وقوع أحداث من نوع معين. ينشئ مسؤولو الحساب القواعد.',
            },
            createsIn: 'تُضاف القاعدة إلى %{account}. لإضافتها إلى حساب آخر، اختر ذلك الحساب أولًا في عامل تصفية الحساب في القائمة.',
            add: 'إضافة قاعدة تنبيه',
            anyEvent: 'أي حدث',
            devicesCount:
                'لا توجد أجهزة |||| جهاز واحد |||| جهازان |||| %{smart_count} أجهزة |||| %{smart_count} جهازًا |||| %{smart_count} جهاز',
            groupsCount:
                'لا توجد مجموعات وصول |||| مجموعة وصول واحدة |||| مجموعتا وصول |||| %{smart_count} مجموعات وصول |||| %{smart_count} مجموعة وصول |||| %{smart_count} مجموعة وصول',
            usersCount:
                'لا يوجد مستخدمون |||| مستخدم واحد |||| مستخدمان |||| %{smart_count} مستخدمين |||| %{smart_count} مستخدمًا |||| %{smart_count} مستخدم',
            webhooksCount:
                'لا توجد خطافات ويب |||| خطاف ويب واحد |||| خطافا ويب |||| %{smart_count} خطافات ويب |||| %{smart_count} خطاف ويب |||| %{smart_count} خطاف ويب',
            emailsHelp:
                'عناوين من خارج الحساب، عنوان في كل سطر، %{max} عناوين كحد أقصى: يتلقى كل منها بريدًا يطلب منه التأكيد، ولا يتلقى التنبيهات إلا بعد التأكيد',
            addresses: {
                title: 'عناوين من خارج الحساب',
                waiting: 'بانتظار التأكيد',
                confirmed: 'مؤكَّد',
                refused: 'مرفوض',
                askedAt: 'طُلب التأكيد %{date}',
                neverAsked: 'لم يُطلب التأكيد بعد',
                lastError: 'رُفض آخر بريد: %{error} (%{date})',
                resend: 'إرسال طلب التأكيد مرة أخرى',
                resent: 'أُعيد إرسال بريد التأكيد',
                resendFailed: 'لم يُرسل بريد التأكيد',
            },
            fields: {
                name: 'الاسم',
                enabled: 'مفعّلة',
                what: 'الأحداث',
                where: 'المستلمون',
                how: 'الإرسال',
                event_groups: 'مجموعات الأحداث',
                event_types: 'أنواع الأحداث',
                device_ids: 'الأجهزة',
                access_group_ids: 'مجموعات الوصول',
                user_ids: 'المستخدمون',
                emails: 'عناوين البريد الإلكتروني',
                webhook_ids: 'خطافات الويب',
                delivery: 'طريقة الإرسال',
                digest_period: 'فترة الملخص',
            },
            help: {
                any: 'فارغ: أي قيمة',
                device_ids: 'أحداث هذه الأجهزة فقط؛ فارغ: أي جهاز',
                access_group_ids: 'أحداث الأشخاص في مجموعات الوصول هذه فقط؛ فارغ: أي شخص',
                user_ids: 'مستخدمو الحساب الذين يتلقون التنبيهات على عناوين بريدهم الإلكتروني',
                webhook_ids: 'خطافات الويب الخاصة بالحساب التي تتلقى هذه الأحداث أيضًا، موقَّعةً ومع إعادة المحاولة',
                delivery: 'فورًا: بريد واحد لكل فحص (كل بضع ثوانٍ) يتضمن الأحداث الجديدة. ملخص: بريد واحد لكل فترة، ولا شيء إن لم يقع أي حدث',
            },
            delivery: { immediate: 'فورًا', digest: 'ملخص' },
            how: { immediate: 'فورًا', hourly: 'ملخص كل ساعة', daily: 'ملخص يومي' },
        },
    },
};
export default ar;
