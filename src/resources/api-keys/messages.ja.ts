import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const ja: Messages = {
    resources: {
        api_keys: {
            section: 'API キー',
            intro: 'プログラムは、このアカウントのキーを X-API-Key ヘッダーに指定してプラットフォームの API を呼び出します。キーには、そのロールのユーザーと同じく、このアカウント（およびロールが届く場合は配下のアカウント）でのロールの権限があります。使わなくなったキーや漏えいした可能性のあるキーは取り消してください。',
            empty: 'このアカウントには API キーがありません。',
            never: 'なし',
            neverUsed: '未使用',
            fields: {
                description: '説明',
                role: 'ロール',
                prefix: 'キーの先頭',
                created: '作成日時',
                expires_at: '有効期限',
                last_used: '最終使用',
                status: 'ステータス',
            },
            status: { active: '有効', expired: '期限切れ', revoked: '取り消し済み' },
            create: {
                open: 'API キーを作成',
                title: 'API キーを作成',
                run: '作成',
                descriptionHelp: 'キーの用途（例: キーを使用するプログラム）',
                tooLong: '%{max} 文字以内',
                roleHelp: 'キーにはこのロールの権限が与えられます',
                expiryHelp: '任意: この日を過ぎるとキーは使用できなくなります',
                pastDay: '今日以降の日付を選択してください',
            },
            created: {
                title: 'API キーを作成しました',
                warning: '今すぐキーをコピーし、安全な場所に保管してください。キーは再表示されません。',
                key: 'API キー',
                copy: 'キーをコピー',
                copied: 'キーをコピーしました',
                usage: 'すべてのリクエストの %{header} ヘッダーで送信してください。',
                done: '完了',
            },
            revoke: {
                run: '取り消し',
                label: '%{description} を取り消し',
                confirmTitle: 'API キー %{description} を取り消しますか？',
                confirmContent: 'このキーを使用するプログラムは、今後拒否されます。この操作は元に戻せません。',
            },
            revoked: 'API キー %{description} を取り消しました',
            createFailed: 'API キーを作成できませんでした',
            revokeFailed: 'API キーを取り消せませんでした',
        },
        roles: { resources: { apiKeys: 'API キー' } },
        audit_logs: { resourceNames: { apiKeys: 'API キー' }, actionNames: { revoke: '取り消し' } },
    },
};
export default ja;
