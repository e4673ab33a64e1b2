import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const ja: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'カードフォーマット' } },
        audit_logs: { resourceNames: { cardFormats: 'カードフォーマット' } },
        card_formats: {
            deleteTitle: 'カード形式「%{name}」を削除しますか？',
            name: 'カードフォーマット',
            section: 'カードフォーマット',
            intro: '定義済みのフォーマットはすべてのアカウントで使用できます。サイトのカードが使用するフォーマットを追加してください。',
            create: 'カードフォーマットを作成',
            withFacility: 'フォーマットにファシリティコードを含める',
            parity: 'パリティビット',
            addParity: 'パリティビットを追加',
            preview: 'ファシリティ 1、カード 1 の結果',
            even: '偶数',
            odd: '奇数',
            deleteWarning:
                'カードフォーマットを削除すると、そのフォーマットの来訪者バッジ、除外カード、セキュリティイベントも完全に削除されます。このフォーマットを使用しているカードを先に削除する必要があります。',
            types: {
                predefined: '定義済み',
                custom: 'カスタム',
            },
            fields: {
                name: '名前',
                type: '種類',
                bits: 'ビット数',
                facility: 'ファシリティコードのビット',
                card: 'カード番号のビット',
                parity: 'パリティ',
                sample: 'ファシリティ 1、カード 1',
                facilityStart: 'ファシリティコードの開始ビット',
                facilityLength: 'ファシリティコードのビット数',
                cardStart: 'カード番号の開始ビット',
                cardLength: 'カード番号のビット数',
                position: 'ビット',
                kind: 'パリティ',
                covers: '対象ビット',
            },
        },
    },
};
export default ja;
