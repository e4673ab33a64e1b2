import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const ja: Messages = {
    menu: { accessGroups: 'アクセスグループ' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'アクセスグループ' },
            actionNames: {
                make_default: 'デフォルトに設定',
                add_profiles: 'バッジ所有者を追加',
                remove_profile: 'バッジ所有者を削除',
            },
        },
        access_groups: {
            name: 'アクセスグループ',
            listEmpty: {
                write: 'アクセスグループは、そのグループを担当するデバイスでメンバーの通行を許可します。グループを追加してから、デバイスとメンバーを割り当ててください。',
                read: 'アクセスグループは、そのグループを担当するデバイスでメンバーの通行を許可します。グループはアカウントの管理者と設置業者が作成します。',
            },
            createsIn:
                'グループは %{account} に追加されます。別のアカウントに追加するには、先に一覧のアカウントフィルターでそのアカウントを選択してください。',
            add: 'アクセスグループを追加',
            edit: 'アクセスグループを編集',
            default: 'デフォルト',
            makeDefault: 'デフォルトに設定',
            defaultDeleteTooltip: 'これはデフォルトのアクセスグループです。先に別のグループをデフォルトに設定してください。',
            defaultLocked: 'アカウントのデフォルトグループです。変更するには、別のグループをデフォルトに設定してください。',
            defaultHelp: 'アカウントで承認されたデバイスは、別途指定されるまでデフォルトグループを担当します。',
            intro: 'グループ内のプロファイルは、そのグループを担当するデバイスを通行できます。',
            fields: {
                description: '説明',
                default_group: 'デフォルトグループ',
                devices_count: 'デバイス',
                profiles_count: 'メンバー',
                created_at: '作成日時',
            },
            devices: {
                title: 'デバイス',
                empty: 'このグループを担当するデバイスはありません。メンバーはまだどこも通行できません。',
                add: 'デバイスを追加',
                choose: '追加するデバイス',
                remove: 'このグループの担当を外す',
                confirmRemove: '%{device} を %{group} の担当から外しますか？',
                confirmRemoveContent:
                    'このデバイスが担当する別のグループに含まれていない限り、グループのメンバーはこのデバイスを通行できなくなります。',
                description: 'デバイス',
                hardware_id: 'ハードウェア ID',
                status: 'ステータス',
                statuses: { pending: '承認待ち', online: 'オンライン', offline: 'オフライン', rejected: '拒否済み' },
            },
            members: {
                title: 'メンバー',
                empty: 'このグループにはバッジ所有者がいません。',
                add: 'メンバーを追加',
                choose: '追加するプロファイル（ACS ID で検索）',
                search: 'ACS ID で検索',
                remove: 'グループから削除',
                confirmRemove: '%{profile} を %{group} から削除しますか？',
                confirmRemoveContent:
                    'この人が所属する別のグループに含まれていない限り、グループを担当するデバイスはこの人を通さなくなります。',
                acs_id: 'ACS ID',
                status: 'ステータス',
                badges: 'バッジ ID',
                noAcsId: 'プロファイル #%{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'デフォルトに設定しました',
                add_devices: 'デバイスを追加しました',
                remove_device: 'デバイスを削除しました',
                add_profiles: 'メンバーを追加しました',
                remove_profile: 'メンバーを削除しました',
                grant_access: 'アクセスを許可しました',
                revoke_access: 'アクセスを取り消しました',
            },
        },
    },
    'Description is required': '説明は必須です',
    'Choose at least one device': 'デバイスを 1 つ以上選択してください',
    'Choose at least one profile': 'プロファイルを 1 つ以上選択してください',
};
export default ja;
