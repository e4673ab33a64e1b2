import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const ja: Messages = {
    resources: {
        event_retention: {
            section: 'イベントの保存期間',
            intro: 'セキュリティイベントとその画像を保存する期間です。これより古い画像は削除され（イベントにその旨が表示されます）、これより古いイベントは画像とともに削除されます。',
            fields: {
                eventImagesDays: '画像の保存ポリシー: イベント画像（日）',
                eventsDays: 'セキュリティイベントの保存ポリシー（日）',
            },
            default: '空欄: %{days} 日',
            invalid: '1～%{max} の整数の日数',
            saved: '保存ポリシーを保存しました',
        },
    },
};
export default ja;
