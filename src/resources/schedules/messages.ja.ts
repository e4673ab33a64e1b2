import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const ja: Messages = {
    menu: { schedules: 'スケジュール' },
    resources: {
        roles: { resources: { schedules: 'スケジュール' } },
        audit_logs: { resourceNames: { schedules: 'スケジュール' } },
        schedules: {
            name: 'スケジュール',
            listEmpty: {
                write: 'スケジュールは、アクセスグループのメンバーが通行できる時間帯を決めます。スケジュールのないグループは常に通行できます。スケジュールを追加してから、アクセスグループで選択してください。',
                read: 'スケジュールは、アクセスグループのメンバーが通行できる時間帯を決めます。スケジュールのないグループは常に通行できます。スケジュールはアカウントの管理者と設置業者が作成します。',
            },
            createsIn:
                'スケジュールは %{account} に追加されます。別のアカウントに追加するには、先に一覧のアカウントフィルターでそのアカウントを選択してください。',
            add: 'スケジュールを追加',
            zoneHelp: 'IANA タイムゾーン（例: Asia/Tokyo）。空欄: アカウントのタイムゾーン、なければ UTC。',
            holidaysHelp: 'YYYY-MM-DD 形式の日付、または毎年の場合は MM-DD。時間帯を指定しない場合、その日は終日閉鎖です。',
            exceptionsHelp: 'YYYY-MM-DD 形式の日付。その日の時間帯が、曜日と祝日の時間帯に代わって適用されます。',
            week: { title: '週表示' },
            days: { mon: '月', tue: '火', wed: '水', thu: '木', fri: '金', sat: '土', sun: '日' },
            fields: {
                name: '名前',
                time_zone: 'タイムゾーン',
                groups_count: 'アクセスグループ',
                created_at: '作成日時',
                windows: '毎週の時間帯',
                holidays: '祝日',
                exceptions: '例外',
                openHours: '通行可能な時間',
                day: '曜日',
                start: '開始',
                end: '終了',
                date: '日付',
            },
        },
        access_groups: {
            fields: { schedule_id: 'スケジュール' },
            alwaysOpen: '常時（スケジュールなし）',
            scheduleHelp: 'メンバーはスケジュールの時間帯の中でのみ通行できます。',
        },
    },
    'Name is required': '名前は必須です',
    'An IANA time zone, such as Europe/Paris': 'IANA タイムゾーン（例: Asia/Tokyo）',
    'A time from 00:00 to 24:00': '00:00～24:00 の時刻',
    'The window must end after it starts': '時間帯の終了は開始より後にしてください',
    'A date as YYYY-MM-DD': 'YYYY-MM-DD 形式の日付',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'YYYY-MM-DD 形式の日付、または毎年の場合は MM-DD',
    'This date is listed twice': 'この日付は重複しています',
};
export default ja;
