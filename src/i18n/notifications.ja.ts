import type { Messages } from '../plugins/types';

/** Texts of SPEC 8.4 (English exact), with Japanese. */
const ja: Messages = {
    notices: {
        deleteFailedTitle: '%{resource} の削除エラー',
        deleteFailed: 'この %{resource} を削除できませんでした。しばらくしてからもう一度お試しください。',
        modifyFailedTitle: '%{resource} の変更エラー',
        modifyFailed: 'この %{resource} を変更できませんでした。しばらくしてからもう一度お試しください。',
        createFailedTitle: '%{resource} の作成エラー',
        createFailed: 'この %{resource} を作成できませんでした。しばらくしてからもう一度お試しください。',
        accessGroupDeleteFailedTitle: 'アクセスグループの削除エラー',
        serverError:
            '操作を実行できません。しばらくしてからもう一度お試しいただくか、次の ID をコピーしてサポートチームにお問い合わせください。問題の解決をお手伝いします。',
        deletedTitle: '%{resource} を削除しました',
        deleted: '%{resource} #%{id} を削除しました',
        deletedPlain: '%{resource} を削除しました',
        modifiedTitle: '%{resource} を変更しました',
        createdTitle: '新しい項目を作成しました',
        created: '#%{id}',
        requestId: 'リクエスト ID',
        copy: 'コピー',
        copied: 'コピーしました',
        close: '閉じる',
    },
};
export default ja;
