import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Texts of the alert rules screens (docs/decisions.md "Alert rules"); the contract/ validation texts are keyed by their English text. */
const ja: Messages = {
    [M.noRecipient]: 'アラートの送信先として、ユーザー、メールアドレス、Webhook のいずれかを 1 つ以上選択してください。',
    [M.foreignWebhooks]: 'ルールのアカウントの Webhook を選択してください。',
    [M.unknownUsers]: 'ルールのアカウントのユーザーを選択してください。',
    [M.foreignDevices]: 'ルールのアカウントのデバイスを選択してください。',
    [M.foreignGroups]: 'ルールのアカウントのアクセスグループを選択してください。',
    [M.badAddress]: 'メールアドレスのみを 1 行に 1 つずつ入力してください。',
    [M.periodRequired]: 'ダイジェストには 1 時間ごとまたは 1 日ごとを選択してください。',
    [M.tooManyAddresses]: `その他のアドレスは ${ALERT_RULE_EMAILS_MAX} 件までです。それ以上はアカウントのユーザーを選択してください。`,
    [M.confirmationsPerDay]: `このアカウントは過去 24 時間に ${ALERT_CONFIRMATIONS_PER_DAY} 件のアドレスに確認を依頼しました。アドレスの追加は明日行ってください。`,
    [M.resendTooSoon]: `このアドレスには ${ALERT_CONFIRMATION_RESEND_MINUTES} 分以内に確認依頼を送信済みです。`,
    [M.notWaiting]: 'このアドレスは確認待ちではありません。',
    [M.unknownAddress]: 'このアドレスはルールに含まれていません。',
    menu: { alertRules: 'アラートルール' },
    resources: {
        roles: { resources: { alertRules: 'アラートルール' } },
        audit_logs: { resourceNames: { alertRules: 'アラートルール' } },
        alert_rules: {
            name: 'アラートルール',
            listEmpty: {
                write: 'アラートルールは、特定の種類のイベントが発生したときに、選択したユーザーにメールを送信するか、アカウントの Webhook を呼び出します。通知を受け取るにはルールを追加してください。',
                read: 'アラートルールは、特定の種類のイベントが発生したときに、選択したユーザーにメールを送信するか、アカウントの Webhook を呼び出します。ルールはアカウントの管理者が作成します。',
            },
            createsIn:
                'ルールは %{account} に追加されます。別のアカウントに追加するには、先に一覧のアカウントフィルターでそのアカウントを選択してください。',
            add: 'アラートルールを追加',
            anyEvent: 'すべてのイベント',
            devicesCount: 'デバイス %{smart_count} 台',
            groupsCount: 'アクセスグループ %{smart_count} 件',
            usersCount: 'ユーザー %{smart_count} 人',
            webhooksCount: 'Webhook %{smart_count} 件',
            emailsHelp:
                'アカウント外のアドレスを 1 行に 1 つ、最大 %{max} 件まで入力します。各アドレスには確認を依頼するメールが届き、確認後にのみアラートが送信されます',
            addresses: {
                title: 'アカウント外のアドレス',
                waiting: '確認待ち',
                confirmed: '確認済み',
                refused: '拒否',
                askedAt: '依頼日時 %{date}',
                neverAsked: '未依頼',
                lastError: '前回のメールが拒否されました: %{error}（%{date}）',
                resend: '確認依頼を再送信',
                resent: '確認依頼を再送信しました',
                resendFailed: '確認依頼は送信されませんでした',
            },
            fields: {
                name: '名前',
                enabled: '有効',
                what: 'イベント',
                where: '送信先',
                how: '送信方法',
                event_groups: 'イベントグループ',
                event_types: 'イベントの種類',
                device_ids: 'デバイス',
                access_group_ids: 'アクセスグループ',
                user_ids: 'ユーザー',
                emails: 'メールアドレス',
                webhook_ids: 'Webhook',
                delivery: '送信',
                digest_period: 'ダイジェストの期間',
            },
            help: {
                any: '空欄: すべて',
                device_ids: 'これらのデバイスのイベントのみ。空欄: すべてのデバイス',
                access_group_ids: 'これらのアクセスグループに属する人のイベントのみ。空欄: すべての人',
                user_ids: 'アラートをメールアドレスで受け取るアカウントのユーザー',
                webhook_ids: 'これらのイベントも受け取るアカウントの Webhook（署名付き、失敗時は再試行）',
                delivery:
                    '即時: チェックごと（数秒おき）に新しいイベントをまとめて 1 通送信します。ダイジェスト: 期間ごとに 1 通送信し、何も起きなければ送信しません',
            },
            delivery: { immediate: '即時', digest: 'ダイジェスト' },
            how: { immediate: '即時', hourly: '1 時間ごとのダイジェスト', daily: '1 日ごとのダイジェスト' },
        },
    },
};
export default ja;
