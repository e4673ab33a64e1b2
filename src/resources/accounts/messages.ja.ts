import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { accounts: 'アカウント一覧', accountSettings: 'アカウント設定' },
    resources: {
        roles: { resources: { accounts: 'アカウント', branding: 'ブランド' } },
        audit_logs: { resourceNames: { accounts: 'アカウント' } },
        accounts: {
            deleteTitle: 'アカウント「%{name}」を削除しますか？',
            name: 'アカウント',
            fields: {
                name: '名前',
                ref_number: '参照番号',
                type: '種類',
                'address.email': 'メールアドレス',
                'address.country': '国',
                'address.city': '市区町村',
                'address.zip': '郵便番号',
                'address.state': '都道府県/州',
                'address.street_address': '番地',
                'address.phone_number': '電話番号',
                created_at: '作成日時',
                q: '検索',
            },
            create: 'アカウントを作成',
            edit: 'アカウントを編集',
            sections: { details: '詳細', features: '機能', login: 'ログイン設定' },
            options: {
                'acs/enabled': '入退室管理サービス（ACS 連携）',
                'acs/opt_out_enabled': '生体認証のオプトアウト',
                'acs/provider': 'ACS プロバイダー',
                'ag/enabled': 'アクセスグループ',
                'enr/enabled': 'Web 登録',
                'prp/profiles': 'プロファイルの保存期間（日）',
                'tfa/enabled': 'このアカウントのユーザーに 2 段階ログインを適用',
            },
            optionsSaved: 'アカウント設定を保存しました',
            main: 'プラットフォームのメインアカウント',
        },
    },
};
export default ja;
