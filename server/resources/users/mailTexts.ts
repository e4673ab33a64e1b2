import type { LocaleCode } from '../../../contract/constants';

/**
 * The mails of a change of e-mail address, in each language the console speaks: each goes out in the language its
 * recipient chose in the console, English having chosen none (docs/decisions.md "Mails in the recipient's
 * language"). %{product} is the brand the recipient's account wears, %{name} the user's name, %{minutes} how long
 * the link works.
 */
export interface EmailChangeMailTexts {
    confirmSubject: string;
    hello: string;
    confirm: string;
    confirmLabel: string;
    untilThen: string;
    takenSubject: string;
    helloNoName: string;
    taken: string;
    takenNothingToDo: string;
}

export const EMAIL_CHANGE_MAIL_TEXTS: Record<LocaleCode, EmailChangeMailTexts> = {
    en: {
        confirmSubject: 'Confirm your new %{product} e-mail address',
        hello: 'Hello %{name},',
        confirm: 'To use this address to sign in to %{product}, open this link within %{minutes} minutes:',
        confirmLabel: 'Confirm this address',
        untilThen: 'Until then you sign in with your current address. If you did not ask for it, ignore this message.',
        takenSubject: 'Your address was given for another %{product} account',
        helloNoName: 'Hello,',
        taken: 'Someone signed in to %{product} asked to use this address for their account. It already belongs to an account, so nothing was changed.',
        takenNothingToDo: 'If you did not ask for it, you need not do anything.',
    },
    fr: {
        confirmSubject: 'Confirmez votre nouvelle adresse e-mail %{product}',
        hello: 'Bonjour %{name},',
        confirm: 'Pour vous connecter à %{product} avec cette adresse, ouvrez ce lien dans les %{minutes} minutes :',
        confirmLabel: 'Confirmer cette adresse',
        untilThen: 'D’ici là, vous vous connectez avec votre adresse actuelle. Si vous ne l’avez pas demandé, ignorez ce message.',
        takenSubject: 'Votre adresse a été indiquée pour un autre compte %{product}',
        helloNoName: 'Bonjour,',
        taken: 'Une personne connectée à %{product} a demandé à utiliser cette adresse pour son compte. Elle appartient déjà à un compte : rien n’a été modifié.',
        takenNothingToDo: 'Si vous ne l’avez pas demandé, vous n’avez rien à faire.',
    },
    de: {
        confirmSubject: 'Bestätigen Sie Ihre neue %{product}-E-Mail-Adresse',
        hello: 'Guten Tag %{name},',
        confirm: 'Um sich mit dieser Adresse bei %{product} anzumelden, öffnen Sie diesen Link innerhalb von %{minutes} Minuten:',
        confirmLabel: 'Adresse bestätigen',
        untilThen:
            'Bis dahin melden Sie sich mit Ihrer bisherigen Adresse an. Wenn Sie das nicht verlangt haben, ignorieren Sie diese Nachricht.',
        takenSubject: 'Ihre Adresse wurde für ein anderes %{product}-Konto angegeben',
        helloNoName: 'Guten Tag,',
        taken: 'Jemand, der bei %{product} angemeldet ist, wollte diese Adresse für sein Konto verwenden. Sie gehört bereits zu einem Konto, daher wurde nichts geändert.',
        takenNothingToDo: 'Wenn Sie das nicht verlangt haben, müssen Sie nichts tun.',
    },
    es: {
        confirmSubject: 'Confirme su nueva dirección de correo de %{product}',
        hello: 'Hola, %{name}:',
        confirm: 'Para iniciar sesión en %{product} con esta dirección, abra este enlace antes de %{minutes} minutos:',
        confirmLabel: 'Confirmar esta dirección',
        untilThen: 'Hasta entonces, inicie sesión con su dirección actual. Si no lo pidió, ignore este mensaje.',
        takenSubject: 'Su dirección se indicó para otra cuenta de %{product}',
        helloNoName: 'Hola:',
        taken: 'Alguien con sesión en %{product} pidió usar esta dirección para su cuenta. Ya pertenece a una cuenta, así que no se cambió nada.',
        takenNothingToDo: 'Si no lo pidió, no tiene que hacer nada.',
    },
    'pt-BR': {
        confirmSubject: 'Confirme seu novo endereço de e-mail do %{product}',
        hello: 'Olá, %{name},',
        confirm: 'Para entrar no %{product} com este endereço, abra este link em até %{minutes} minutos:',
        confirmLabel: 'Confirmar este endereço',
        untilThen: 'Até lá, você entra com seu endereço atual. Se você não pediu, ignore esta mensagem.',
        takenSubject: 'Seu endereço foi informado para outra conta do %{product}',
        helloNoName: 'Olá,',
        taken: 'Alguém conectado ao %{product} pediu para usar este endereço na própria conta. Ele já pertence a uma conta, então nada foi alterado.',
        takenNothingToDo: 'Se você não pediu, não precisa fazer nada.',
    },
    it: {
        confirmSubject: 'Conferma il nuovo indirizzo e-mail di %{product}',
        hello: 'Gentile %{name},',
        confirm: 'Per accedere a %{product} con questo indirizzo, apri questo link entro %{minutes} minuti:',
        confirmLabel: 'Conferma questo indirizzo',
        untilThen: 'Fino ad allora accedi con l’indirizzo attuale. Se non l’hai chiesto tu, ignora questo messaggio.',
        takenSubject: 'Il tuo indirizzo è stato indicato per un altro account %{product}',
        helloNoName: 'Buongiorno,',
        taken: 'Una persona connessa a %{product} ha chiesto di usare questo indirizzo per il proprio account. Appartiene già a un account, quindi non è stato cambiato nulla.',
        takenNothingToDo: 'Se non l’hai chiesto tu, non devi fare nulla.',
    },
    nl: {
        confirmSubject: 'Bevestig uw nieuwe %{product}-e-mailadres',
        hello: 'Beste %{name},',
        confirm: 'Om met dit adres bij %{product} in te loggen, opent u deze link binnen %{minutes} minuten:',
        confirmLabel: 'Dit adres bevestigen',
        untilThen: 'Tot die tijd logt u in met uw huidige adres. Hebt u dit niet gevraagd, negeer dan dit bericht.',
        takenSubject: 'Uw adres is opgegeven voor een ander %{product}-account',
        helloNoName: 'Beste,',
        taken: 'Iemand die bij %{product} is ingelogd, wilde dit adres voor zijn account gebruiken. Het hoort al bij een account, dus er is niets gewijzigd.',
        takenNothingToDo: 'Hebt u dit niet gevraagd, dan hoeft u niets te doen.',
    },
    ja: {
        confirmSubject: '%{product} の新しいメールアドレスの確認',
        hello: '%{name} 様',
        confirm: 'このアドレスで %{product} にサインインするには、%{minutes} 分以内にこのリンクを開いてください:',
        confirmLabel: 'このアドレスを確認',
        untilThen: 'それまでは現在のアドレスでサインインしてください。お心当たりがない場合は、このメールを無視してください。',
        takenSubject: 'あなたのアドレスが別の %{product} アカウントに指定されました',
        helloNoName: 'こんにちは',
        taken: '%{product} にサインインしている人が、このアドレスを自分のアカウントに使おうとしました。このアドレスはすでにアカウントに使われているため、何も変更されていません。',
        takenNothingToDo: 'お心当たりがない場合も、何もする必要はありません。',
    },
    ar: {
        confirmSubject: 'تأكيد عنوان بريدك الإلكتروني الجديد في %{product}',
        hello: 'مرحبًا %{name}،',
        confirm: 'لتسجيل الدخول إلى %{product} بهذا العنوان، افتح هذا الرابط خلال %{minutes} دقيقة:',
        confirmLabel: 'تأكيد هذا العنوان',
        untilThen: 'إلى ذلك الحين، سجّل الدخول بعنوانك الحالي. إن لم تطلب ذلك، فتجاهل هذه الرسالة.',
        takenSubject: 'أُدخل عنوانك لحساب آخر في %{product}',
        helloNoName: 'مرحبًا،',
        taken: 'طلب شخص مسجّل الدخول إلى %{product} استخدام هذا العنوان لحسابه. العنوان مستخدم بالفعل لحساب، لذا لم يتغير شيء.',
        takenNothingToDo: 'إن لم تطلب ذلك، فلا داعي لفعل أي شيء.',
    },
};
