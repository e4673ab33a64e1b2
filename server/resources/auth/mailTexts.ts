import type { LocaleCode } from '../../../contract/constants';

/**
 * The password-reset mail in each language the console speaks: a user gets it in the language chosen in the
 * console, English having chosen none (docs/decisions.md "Mails in the recipient's language"). %{product} is the
 * brand the user's account wears, %{name} the user's name, %{minutes} how long the link works.
 */
export interface PasswordMailTexts {
    subject: string;
    hello: string;
    asked: string;
    choose: string;
    notAsked: string;
}

export const PASSWORD_MAIL_TEXTS: Record<LocaleCode, PasswordMailTexts> = {
    en: {
        subject: 'Reset your %{product} password',
        hello: 'Hello %{name},',
        asked: 'Someone asked to reset the password of your %{product} account. To choose a new password, open this link within %{minutes} minutes:',
        choose: 'Choose a new password',
        notAsked: 'If you did not ask for it, ignore this message: your password stays as it is.',
    },
    fr: {
        subject: 'Réinitialisez votre mot de passe %{product}',
        hello: 'Bonjour %{name},',
        asked: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte %{product}. Pour choisir un nouveau mot de passe, ouvrez ce lien dans les %{minutes} minutes :',
        choose: 'Choisir un nouveau mot de passe',
        notAsked: 'Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste le même.',
    },
    de: {
        subject: 'Setzen Sie Ihr %{product}-Passwort zurück',
        hello: 'Guten Tag %{name},',
        asked: 'Jemand hat verlangt, das Passwort Ihres %{product}-Kontos zurückzusetzen. Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von %{minutes} Minuten:',
        choose: 'Neues Passwort wählen',
        notAsked: 'Wenn Sie das nicht verlangt haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt, wie es ist.',
    },
    es: {
        subject: 'Restablezca su contraseña de %{product}',
        hello: 'Hola, %{name}:',
        asked: 'Alguien pidió restablecer la contraseña de su cuenta de %{product}. Para elegir una contraseña nueva, abra este enlace antes de %{minutes} minutos:',
        choose: 'Elegir una contraseña nueva',
        notAsked: 'Si no lo pidió, ignore este mensaje: su contraseña sigue siendo la misma.',
    },
    'pt-BR': {
        subject: 'Redefina sua senha do %{product}',
        hello: 'Olá, %{name},',
        asked: 'Alguém pediu para redefinir a senha da sua conta do %{product}. Para escolher uma nova senha, abra este link em até %{minutes} minutos:',
        choose: 'Escolher uma nova senha',
        notAsked: 'Se você não pediu, ignore esta mensagem: sua senha continua a mesma.',
    },
    it: {
        subject: 'Reimposta la password di %{product}',
        hello: 'Gentile %{name},',
        asked: 'Qualcuno ha chiesto di reimpostare la password del tuo account %{product}. Per scegliere una nuova password, apri questo link entro %{minutes} minuti:',
        choose: 'Scegli una nuova password',
        notAsked: 'Se non l’hai chiesto tu, ignora questo messaggio: la tua password resta invariata.',
    },
    nl: {
        subject: 'Stel uw %{product}-wachtwoord opnieuw in',
        hello: 'Beste %{name},',
        asked: 'Iemand heeft gevraagd het wachtwoord van uw %{product}-account opnieuw in te stellen. Open deze link binnen %{minutes} minuten om een nieuw wachtwoord te kiezen:',
        choose: 'Nieuw wachtwoord kiezen',
        notAsked: 'Hebt u dit niet gevraagd, negeer dan dit bericht: uw wachtwoord blijft zoals het is.',
    },
    ja: {
        subject: '%{product} のパスワードの再設定',
        hello: '%{name} 様',
        asked: '%{product} アカウントのパスワードの再設定が依頼されました。新しいパスワードを設定するには、%{minutes} 分以内にこのリンクを開いてください:',
        choose: '新しいパスワードを設定',
        notAsked: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    },
    ar: {
        subject: 'إعادة تعيين كلمة مرور %{product}',
        hello: 'مرحبًا %{name}،',
        asked: 'طلب شخص ما إعادة تعيين كلمة مرور حسابك في %{product}. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال %{minutes} دقيقة:',
        choose: 'اختيار كلمة مرور جديدة',
        notAsked: 'إن لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    },
};
