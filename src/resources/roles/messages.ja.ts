import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { roles: 'ロール' },
    resources: {
        roles: {
            name: 'ロール',
            intro: 'ユーザーにはそれぞれ 1 つのロールがあります。ロールはプラットフォーム管理者からアカウントユーザーまで順位があり、この表はサーバーが適用する内容そのものです。',
            assignable: 'このロールを割り当てられます',
            notAssignable: 'このロールは割り当てられません',
            matrix: 'ロール別の権限',
            resource: 'リソース',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'プロファイル',
                backup: 'バックアップ',
                restore: '復元',
                importExport: 'インポート/エクスポート',
                version: 'バージョン情報',
                optOut: 'オプトアウト',
                adaptive: 'アダプティブ 2FA',
                visitors: '来訪者',
                mainAccount: 'プラットフォームのメインアカウント',
            },
            actions: {
                read: '閲覧',
                write: '書き込み',
                edit: '編集',
                delete: '削除',
                export: 'エクスポート',
                bulk_edit: '一括編集',
                bulk_delete: '一括削除',
                bulk_reboot: '一括再起動',
                download_config: '設定のダウンロード',
            },
        },
    },
};
export default ja;
