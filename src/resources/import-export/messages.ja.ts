import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const ja: Messages = {
    resources: {
        import_export: {
            section: 'インポート/エクスポート',
            export: {
                title: 'このアカウントのデータをエクスポート',
                help: 'platform_data.zip には、アカウントの設定、カードフォーマット、アクセスグループ、リーダー、デバイスのパラメーター、バッジリスト、およびバッジとアクセスグループを含むプロファイルが入っており、このプラットフォームまたは別のプラットフォームの別のアカウントにインポートできます。パスワード、顔画像、同意書は含まれません。',
                run: 'エクスポート',
                working: 'platform_data.zip を準備しています',
                ready: 'platform_data.zip の準備ができました。ファイルは 1 日間保管されます。',
                download: 'platform_data.zip をダウンロード',
                failed: 'エクスポートに失敗しました',
            },
            import: {
                title: 'platform_data.zip をインポート',
                help: 'このプラットフォームまたは別のプラットフォームのアカウントからエクスポートした platform_data.zip のデータを、このアカウントに追加します。スキップした項目とその理由はレポートに記載されます。',
                choose: 'platform_data.zip を選択',
                run: 'インポート',
                tooLarge: 'ファイルが %{mb} MB を超えています。',
                confirmTitle: '%{file} をこのアカウントにインポートしますか？',
                confirmContent:
                    'ファイルに含まれ、このアカウントにまだないものを追加します: 未設定の設定、カードフォーマット、アクセスグループ、リーダー、バッジリスト（生体オプトアウト、アダプティブ 2 要素認証、除外リスト）、およびバッジとアクセスグループを含むプロファイル。ファイル内のデバイスのパラメーターは、このアカウントで同じハードウェア ID を持つデバイスに適用されます。アカウントに既にあるものは削除されません。追加できなかったものはレポートに記載されます。',
                working: 'platform_data.zip をインポートしています',
                done: 'インポートが完了しました',
                report: 'レポートをダウンロード',
                failed: 'インポートに失敗しました',
            },
            downloadFailed: 'ダウンロードに失敗しました',
        },
    },
};
export default ja;
