import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { search: '検索' },
    search: {
        title: '検索',
        intro: '名前、説明、メールアドレス、ハードウェアアドレスは部分一致でも検索できます。ACS ID とバッジ（番号または FC:番号）は完全一致のみです。',
        box: { label: '検索', placeholder: '検索…（ / ）' },
        none: '「%{q}」に一致する、閲覧可能な項目はありません。',
        more: '最初の %{n} 件のみ表示しています。さらに文字を入力して結果を絞り込んでください。',
        shortcut: 'どのページからでも次のキーで検索できます:',
        kinds: {
            accounts: 'アカウント',
            users: 'ユーザー',
            devices: 'デバイス',
            readers: 'リーダー',
            access_groups: 'アクセスグループ',
            profiles: 'プロファイル',
            badges: 'バッジ ID',
            deployments: 'ファームウェアのデプロイ',
            firmware: 'ファームウェアのバージョン',
        },
    },
};
export default ja;
