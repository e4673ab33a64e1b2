import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { settings: '設定' },
    resources: {
        roles: { resources: { systemSettings: 'システム設定' } },
    },
    settings: {
        title: '設定',
        intro: 'プラットフォーム全体の設定です。初期値はサーバーの環境から取得されます。ここで保存した値は、サーバーのすべてのインスタンスで直ちに初期値に代わって適用されます。',
        sections: {
            mail: {
                title: 'アドレスとメール',
                intro: 'ユーザーがコンソールにアクセスするアドレスと、プラットフォームのメール送信方法です。',
            },
            signIn: {
                title: 'ログインとセッション',
                intro: 'ログインの有効期間と、ログインに失敗したときの扱いです。',
            },
            readers: { title: 'リーダー', intro: 'リーダーが報告する頻度と、応答のないリーダーをオフラインとみなすまでの時間です。' },
            retention: {
                title: '既定の保存期間',
                intro: '独自のポリシーを設定していないアカウントが、セキュリティイベントとその画像を保存する期間です。',
            },
            backups: { title: 'バックアップ', intro: 'スケジュールに従って作成される、プラットフォーム全体のバックアップです。' },
            enrollment: {
                title: 'Web 登録',
                intro: '顔登録の招待です。アカウントのスタッフが指定したアドレスにメールで送信されます。',
            },
        },
        fields: {
            public_url: {
                label: 'コンソールの公開アドレス',
                help: 'ユーザーが開くアドレスです。メール内のリンクはこのアドレスを指します。',
            },
            mail_from: { label: 'メールの送信者', help: 'すべてのメールの送信者（例: Access Console <no-reply@example.com>）。' },
            smtp_url: { label: 'SMTP サーバー' },
            access_token_ttl_seconds: {
                label: 'アクセストークンの有効期間',
                help: 'コンソールがバックグラウンドで更新するまで、ログインを信頼する期間です。',
            },
            refresh_token_ttl_seconds: {
                label: 'リフレッシュトークンの有効期間',
                help: 'この期間より長く使用されなかったコンソールは、再度ログインする必要があります。',
            },
            session_max_seconds: {
                label: 'セッションの最大期間',
                help: 'セッションは、操作の有無にかかわらず、ログインからこの時間が経つと終了します。',
            },
            max_failed_logins: {
                label: 'ロックまでのログイン失敗回数',
                help: 'ロック期間内に 1 つのメールアドレスで失敗できる回数です。次の試行は拒否されます。',
            },
            lockout_seconds: {
                label: 'ロック期間',
                help: 'ログインの失敗を数える期間であり、ロックされたユーザーが再試行できるまで待つ時間です。',
            },
            device_heartbeat_seconds: { label: 'ハートビート間隔', help: 'リーダーがサーバーに報告する頻度です。' },
            device_offline_seconds: {
                label: 'オフライン判定までの時間',
                help: 'この時間応答のないリーダーはオフラインとみなされます。ハートビート間隔より長くしてください。',
            },
            event_images_default_days: {
                label: 'イベント画像の保存期間',
                help: '画像の保存ポリシーを設定していないアカウントに適用されます。',
            },
            events_default_days: {
                label: 'セキュリティイベントの保存期間',
                help: 'セキュリティイベントの保存ポリシーを設定していないアカウントに適用されます。',
            },
            backup_every_hours: { label: 'バックアップ間隔', help: '0: 定期バックアップなし。' },
            backup_keep: { label: '保持するバックアップ', help: '新しいバックアップを作成するたびに、最も古いものが削除されます。' },
            enrollment_invites_per_day: {
                label: '1 アカウント 1 日あたりの招待数',
                help: '1 つのアカウントが 1 日（UTC）に送信できる招待メールの数で、再送信を含みます。これを超えるアップロードは全体が拒否されます。',
            },
        },
        units: { seconds: '秒', minutes: '分', hours: '時間', days: '日' },
        amounts: {
            seconds: '%{smart_count} 秒',
            minutes: '%{smart_count} 分',
            hours: '%{smart_count} 時間',
            days: '%{smart_count} 日',
            attempts: '%{smart_count} 回',
            backups: '%{smart_count} 件のバックアップ',
            invitations: '%{smart_count} 件の招待',
        },
        suffixes: { attempts: '回', days: '日', hours: '時間', backups: '件', invitations: '件' },
        unitOf: '%{field} の単位',
        source: {
            saved: 'ここで保存',
            environment: '環境から取得',
            reset: '環境の値を使用',
            resetTitle: 'ここで保存した値を破棄し、サーバーの環境の値に戻します',
            resetDone: '%{field}: 環境の値が再び適用されます',
            resetFailed: '環境の値に戻す際にエラーが発生しました',
        },
        smtp: {
            use: 'SMTP サーバー経由でメールを送信',
            current: '現在のサーバー: %{address}',
            none: 'SMTP サーバーなし: メールはサーバーの送信フォルダー（outbox）に書き込まれます。',
            address: 'SMTP サーバーのアドレス',
            newAddress: '新しい SMTP サーバーのアドレス',
            example: 'smtp:// または smtps://（例: smtps://user:password@mail.example.com）',
            keep: '現在のサーバーを維持するには空欄のままにします。パスワードは表示されません。',
            turnOff: '保存すると、メールは送信されず送信フォルダーに書き込まれます。',
            show: 'アドレスを表示',
            hide: 'アドレスを隠す',
        },
        test: {
            title: 'テストメールを送信',
            intro: '保存済みのメール設定でメッセージを送信し、プラットフォームからのメールが届くかを確認します。',
            unsaved: 'テストには保存済みの設定が使われます。先に変更を保存してください。',
            to: '送信先',
            send: 'テストメールを送信',
            sentSmtp: 'SMTP サーバー経由で %{email} に送信しました。',
            sentOutbox: 'SMTP サーバーなし: %{email} 宛てのメッセージはサーバーの送信フォルダーに書き込まれました。',
            failed: 'メッセージは送信されませんでした',
        },
        discard: '変更を破棄',
        changes: '未保存の変更 %{smart_count} 件',
        noChanges: '未保存の変更はありません',
        saved: '設定を保存しました',
        saveFailed: '設定の保存でエラーが発生しました',
        checkFields: '赤で示された項目を修正してください。',
        errors: {
            number: '数値を入力してください',
            wholeNumber: '整数を入力してください',
            range: '%{min}～%{max}',
            atLeast: '%{value} 以上',
            atMost: '%{value} 以下',
            smtpRequired: 'SMTP サーバーのアドレスを入力してください',
            publicUrl: 'ユーザーが開くアドレスを入力してください（例: https://console.example.com）',
            smtpUrl: 'smtp:// または smtps:// のアドレスを入力してください（例: smtps://user:password@mail.example.com）',
            mailFrom: '送信者を入力してください（例: Access Console <no-reply@example.com>）',
            offlineAfterHeartbeat: 'オフラインとみなすまでの時間は、ハートビート間隔より長くしてください',
        },
    },
};
export default ja;
