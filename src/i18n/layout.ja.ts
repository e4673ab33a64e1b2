import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const ja: Messages = {
    menu: { dashboard: 'ダッシュボード' },
    resources: {
        roles: { resources: { dashboard: 'ダッシュボード' } },
    },
    layout: {
        customerAccount: '顧客アカウント',
        backToMyAccount: '自分のアカウントに戻る',
        version: 'バージョン %{version}',
        accountType: { platform: 'プラットフォーム', dealer: '販売店', customer: '顧客' },
        switch: {
            button: 'アカウントを切り替え',
            title: 'アカウントを切り替え',
            search: 'アカウントを検索',
            accounts: 'アカウント',
            mine: '自分のアカウント',
            current: '現在',
            none: '検索に一致するアカウントはありません。',
            failed: 'アカウントを読み込めませんでした。',
            ownActive: '販売店アカウント %{account} で作業中',
            active: '%{account} で作業中',
            modalText: '現在 %{account} で作業しています。再度切り替えるまで、一覧、設定、新しい項目はこのアカウントのものになります。',
        },
        userMenu: { settings: '設定', language: '言語', logout: 'ログアウト', shortcuts: 'キーボードショートカット' },
        shortcuts: {
            title: 'キーボードショートカット',
            help: 'この一覧を表示',
            search: '検索',
            goTo: '%{screen} へ移動',
            create: '現在の一覧に新しい行を追加',
            close: 'この一覧を閉じる',
        },
        failure: { text: '申し訳ありません。このページは一時的に利用できません。', refresh: '再読み込み' },
        diskLow: {
            writesRefused:
                'サーバーのディスク容量が不足しています（%{total} のうち空き %{free}、予備として %{reserve} を確保）。容量が空くまで、新しいデータの保存、アップロード、リーダーからの受信はできません。リーダーはイベントを保持し、後で送信します。古いファームウェアやイベントを削除すると容量を空けられます。',
            imagesPaused:
                'サーバーのディスク容量が不足しています（%{total} のうち空き %{free}）。容量が空くまで、イベントは画像なしで保存されます。',
        },
    },
    time: {
        seconds: '%{smart_count} 秒前',
        minutes: '%{smart_count} 分前',
        oneHour: '1 時間前',
        hours: '%{smart_count} 時間前',
        days: '%{smart_count} 日前',
    },
};
export default ja;
