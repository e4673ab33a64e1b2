import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { users: 'ユーザー' },
    resources: {
        roles: { resources: { users: 'ユーザー' } },
        audit_logs: { resourceNames: { users: 'ユーザー' } },
        users: {
            deleteTitle: 'ユーザー「%{name}」を削除しますか？',
            name: 'ユーザー',
            listEmpty:
                'このコンソールにログインする人は、いずれかのアカウントのユーザーで、ロールを持っています。アカウントで作業する人ごとにユーザーを作成してください。',
            emailPending: 'ユーザーを変更しました',
            emailPendingText: '%{email} に確認用リンクを送信しました。リンクを開くとアドレスが変更されます。',
            confirmEmail: {
                title: '新しいメールアドレスの確認',
                confirming: '確認しています…',
                done: 'メールアドレスを変更しました。今後はこのアドレスでログインしてください。',
                signIn: 'ログイン',
            },
            fields: {
                name: '名前',
                email: 'メールアドレス',
                username: 'ユーザー名',
                role: 'ロール',
                'account.id': 'アカウント',
                account: 'アカウント',
                external_user: '外部ユーザー',
                tfa_enabled: '2 段階',
                created_at: '作成日時',
                password: 'パスワード',
                confirm: 'パスワードの確認',
                current_password: '現在のパスワード',
                q: '検索',
            },
            create: 'ユーザーを作成',
            edit: 'ユーザーを編集',
            passwordHelp: '現在のパスワードを維持するには空欄のままにします。',
            newUserPasswordHelp: '仮のパスワードです。ユーザーは初回ログイン時に自分のパスワードを設定します。',
            ownRole: '自分のロールは変更できません。',
            adminWarning: {
                title: 'プラットフォーム管理者のロールが選択されています',
                content: 'プラットフォーム管理者は、プラットフォームのすべてのアカウントを閲覧、変更できます。よろしいですか？',
                proceed: '続行',
            },
            tfaReset: '2 段階ログインをリセット',
            tfaResetDone: '2 段階ログインをリセットしました',
            tfaResetFailed: '2FA ログインのリセット中にエラーが発生しました。もう一度お試しください。',
        },
    },
};
export default ja;
