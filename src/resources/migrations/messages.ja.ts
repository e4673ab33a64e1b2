import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { migrations: 'マイグレーション' },
    resources: {
        roles: { resources: { migrations: 'マイグレーション' } },
    },
    migrations: {
        title: 'システムマイグレーション',
        intro: 'サーバーがデータベースに加える変更です。スキーマと、各サーバーが作成するデータが対象です。サーバーは起動時に自らこれらを適用します。この画面ではデータベースの状態を確認できます。',
        states: { applied: '適用済み', pending: '保留中', done: '完了' },
        notRecorded: '記録なし',
        ahead: {
            title: 'データベースには、このサーバーが認識していないマイグレーションが %{smart_count} 件あります',
            text: '新しいバージョンのサーバーが実行したものです。このサーバーをそのバージョンに更新してください。古いサーバーは新しいスキーマで正しく動作しない可能性があります。',
        },
        schema: {
            title: 'スキーママイグレーション',
            applied_count: '%{smart_count} 件適用済み',
            pending_count: '%{smart_count} 件保留中',
            index: '#',
            tag: 'マイグレーション',
            written: '作成日',
            applied: '適用日時',
            version: '適用したバージョン',
            state: '状態',
        },
        data: {
            title: 'データマイグレーション',
            intro: '各サーバーが起動時にスキーマ以外にデータベースへ書き込むもので、それぞれ存在を確認する処理を伴います。',
            description: '説明',
            state: '状態',
            detail: '詳細',
            descriptions: {
                'predefined-card-formats': '定義済みのカードフォーマット。起動のたびに追加され、最新の状態に保たれます',
                'platform-identity': 'プラットフォームの ID（バックアップに記載されます）とトークン署名用のキー。初回起動時に生成されます',
            },
        },
    },
};
export default ja;
