import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const ja: Messages = {
    menu: { readers: 'リーダー' },
    resources: {
        audit_logs: { resourceNames: { readers: 'リーダー' } },
        readers: {
            deleteTitle: 'リーダー「%{name}」を削除しますか？',
            name: 'リーダー',
            listEmpty: {
                write: 'リーダーは入退室管理システム（ACS）のドアです。リーダーを追加してから、そのドアにあるデバイスとリンクしてください。',
                read: 'リーダーは入退室管理システム（ACS）のドアです。リーダーはアカウントの管理者と設置業者が作成します。',
            },
            createsIn:
                'リーダーは %{account} に追加されます。別のアカウントに追加するには、先に一覧のアカウントフィルターでそのアカウントを選択してください。',
            create: 'リーダーを作成',
            edit: 'リーダーを編集',
            notLinked: '未リンク',
            linkedTo: '%{device} が担当',
            takenBy: '%{reader} にリンク済み',
            pickerHelp: 'このドアにあるデバイス（rock）。リンクを解除するには空欄のままにします。',
            filters: { linked: 'リンク', linkedYes: 'デバイスにリンク済み', linkedNo: '未リンク' },
            statuses: { pending: '承認待ち', online: 'オンライン', offline: 'オフライン', rejected: '拒否済み' },
            fields: {
                description: 'リーダー',
                hardware_id: 'デバイス',
                device: 'デバイス',
                status: 'デバイスのステータス',
                updated_at: '最終変更',
            },
        },
    },
    'Reader is required': 'リーダーは必須です',
    "Choose a device of the reader's account": 'リーダーのアカウントのデバイスを選択してください',
};
export default ja;
