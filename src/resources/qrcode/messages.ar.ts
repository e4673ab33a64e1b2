import type { Messages } from '../../plugins/types';

const ar: Messages = {
    menu: { qrcode: 'رمز QR' },
    qrcode: {
        title: 'مولّد رموز QR',
        intro: 'اعرض هذا الرمز أمام كاميرا القارئ أثناء إعداده: فيتعرّف على عنوان المنصة ويُسجَّل في %{account}، حيث ينتظر الموافقة في صفحة الأجهزة.',
        platform: 'عنوان المنصة',
        code: 'رمز التسجيل',
        wifi: 'الانضمام أيضًا إلى شبكة Wi-Fi',
        ssid: 'اسم الشبكة',
        security: 'الأمان',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'بلا' },
        password: 'كلمة مرور الشبكة',
        passwordHelp: 'تُكتب داخل الرمز: احفظ الرموز المطبوعة في مكان آمن.',
        preview: 'رمز إعداد القارئ لـ%{account}',
        downloadPng: 'تنزيل PNG',
        downloadSvg: 'تنزيل SVG',
        failed: 'تعذّر إنشاء الرمز',
    },
};
export default ar;
