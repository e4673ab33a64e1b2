import type { Messages } from '../plugins/types';

/** The validation texts of contract/ in Arabic, keyed by their English text (validation.en.ts). */
const ar: Messages = {
    'Password is required': 'كلمة المرور مطلوبة',
    'Password strength not met': 'كلمة المرور ليست قوية بما يكفي',
    'Password must be at least 8 characters': 'يجب ألا تقل كلمة المرور عن 8 أحرف',
    'Unsupported character': 'حرف غير مدعوم',
    'Passwords do not match': 'كلمتا المرور غير متطابقتين',
    'Current password is required': 'كلمة المرور الحالية مطلوبة',
    'Current password is incorrect': 'كلمة المرور الحالية غير صحيحة',
    Required: 'مطلوب',
    'Must not be blank': 'يجب ألا يكون فارغًا',
    'Invalid email address': 'عنوان بريد إلكتروني غير صالح',
    'Role is required': 'الدور مطلوب',
    'Account is required': 'الحساب مطلوب',
    'Name is required': 'الاسم مطلوب',
    'Must be a positive integer, at most 256': 'يجب أن يكون عددًا صحيحًا موجبًا، 256 كحد أقصى',
    'Bit length is required': 'عدد البتات مطلوب',
    'Start and length must be whole numbers of bits': 'يجب أن تكون البداية والطول أعدادًا صحيحة من البتات',
    'Use bit numbers and ranges, like 2-13, 15': 'استخدم أرقام البتات ونطاقاتها، مثل 2-13, 15',
    ...Object.fromEntries([25, 30, 60, 100, 255].map(n => [`Maximum ${n} characters`, `${n} ${n % 100 >= 11 ? 'حرفًا' : 'حرف'} كحد أقصى`])),
};
export default ar;
