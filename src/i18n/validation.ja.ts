import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in Japanese, keyed by their English text (validation.en.ts). */
const ja: Messages = {
    'Password is required': 'パスワードは必須です',
    'Password strength not met': 'パスワードの強度が不十分です',
    'Password must be at least 8 characters': 'パスワードは 8 文字以上にしてください',
    'Unsupported character': '使用できない文字が含まれています',
    'Passwords do not match': 'パスワードが一致しません',
    'Current password is required': '現在のパスワードは必須です',
    'Current password is incorrect': '現在のパスワードが正しくありません',
    Required: '必須',
    'Must not be blank': '空欄にはできません',
    'Invalid email address': 'メールアドレスが正しくありません',
    'Role is required': 'ロールは必須です',
    'Account is required': 'アカウントは必須です',
    'Name is required': '名前は必須です',
    'Must be a positive integer, at most 256': '256 以下の正の整数にしてください',
    'Bit length is required': 'ビット長は必須です',
    'Start and length must be whole numbers of bits': '開始位置と長さはビット単位の整数にしてください',
    'Use bit numbers and ranges, like 2-13, 15': 'ビット番号と範囲で指定してください（例: 2-13, 15）',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `${n} 文字以内`])),
};
export default ja;
