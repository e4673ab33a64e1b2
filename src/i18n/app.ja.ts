import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const ja: Messages = {
    app: {
        name: 'アクセスコンソール',
        ok: 'OK',
        confirmDelete: { title: '「%{name}」を削除しますか？', content: 'この操作は元に戻せません。' },
        export: 'エクスポート',
        exports: {
            nothing: 'エクスポートするものがありません: 現在のフィルターに一致する行はありません。',
            notAllowed: 'あなたのロール (%{role}) はこの一覧をエクスポートできません。',
        },
        lists: {
            account: 'アカウント',
            allAccounts: '自分のすべてのアカウント',
            nothingYet: 'まだ何もありません。',
            noMatch: 'これらのフィルターに一致するものはありません。',
            clearFilters: 'フィルターをクリア',
        },
        yes: 'はい',
        no: 'いいえ',
        roles: {
            admin: 'プラットフォーム管理者',
            dealer: '販売店管理者',
            installer: '設置業者',
            moderator: 'アカウント管理者',
            manager: 'アカウントマネージャー',
            user: 'アカウントユーザー',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'アカウント',
            permissions: '権限',
            deviceManagement: 'デバイス管理',
            profiles: 'プロファイル',
            systemManager: 'システム管理',
        },
    },
};
export default ja;
