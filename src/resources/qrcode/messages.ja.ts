import type { Messages } from '../../plugins/types';

const ja: Messages = {
    menu: { qrcode: 'QR コード' },
    qrcode: {
        title: 'QR コード生成',
        intro: 'セットアップ時にこのコードをリーダーのカメラにかざすと、リーダーはプラットフォームのアドレスを読み取って %{account} に登録され、「デバイス」ページで承認を待ちます。',
        platform: 'プラットフォームのアドレス',
        code: '登録コード',
        wifi: 'Wi-Fi ネットワークにも接続する',
        ssid: 'ネットワーク名',
        security: 'セキュリティ',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'なし' },
        password: 'ネットワークのパスワード',
        passwordHelp: 'パスワードはコードに書き込まれます。印刷したコードは安全に保管してください。',
        preview: '%{account} のリーダー用セットアップコード',
        downloadPng: 'PNG をダウンロード',
        downloadSvg: 'SVG をダウンロード',
        failed: 'コードを作成できませんでした',
    },
};
export default ja;
