import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { statistics: '統計' },
    resources: {
        roles: { resources: { statistics: '統計' } },
    },
    statistics: {
        title: '統計',
        intro: '%{account} のセキュリティイベント',
        introBelow: '%{account} と配下のアカウントのセキュリティイベント',
        empty: 'この期間にセキュリティイベントはありません。',
        downloadCsv: 'CSV をダウンロード',
        downloadFailed: '統計のダウンロードでエラーが発生しました',
        loadFailed: '統計を読み込めませんでした',
        total: 'イベント %{smart_count} 件',
        charts: {
            perDay: 'グループ別の日ごとのイベント',
            byType: '種類別のイベント',
            authVsIncidents: '認証とインシデントの比較',
            busiestHours: '最も多い時間帯',
            perReader: 'リーダー別のイベント',
        },
        series: { authentications: '認証', incidents: 'インシデント', events: 'イベント' },
        hour: '%{hour}:00',
        noReader: 'リーダーなし',
    },
};
export default ja;
