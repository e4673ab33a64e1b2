import type { LocaleCode } from '../../../contract/constants';

/**
 * The fixed words of the mails to an invited person, in each language the console speaks: the invitation and its
 * one-time code go out in the invitation's language (docs/decisions.md "Mails in the recipient's language").
 * %{name} marks where a value goes. Subjects hold nothing an account typed (mails.ts).
 */
export interface EnrollmentMailTexts {
    hello: string;
    invitationSubject: string;
    invited: string;
    invitedBy: string;
    invitationFor: string;
    steps: string;
    enrollNow: string;
    linkWorks: string;
    tenantNote: string;
    codeSubject: string;
    code: string;
    codeNotAsked: string;
}

export const ENROLLMENT_MAIL_TEXTS: Record<LocaleCode, EnrollmentMailTexts> = {
    en: {
        hello: 'Hello,',
        invitationSubject: 'Invitation to enroll your face',
        invited: 'You are invited to enroll your face for door access.',
        invitedBy: 'Invited by: %{account}',
        invitationFor: 'Invitation for: %{person}',
        steps: 'On the page below you read and sign the consent, then take a picture of your face with your phone or computer.',
        enrollNow: 'Enroll now',
        linkWorks: 'The link works once, until %{until}. If you did not expect this message, ignore it.',
        tenantNote: 'The names in quotes were entered by the inviting organisation.',
        codeSubject: 'Your enrollment code',
        code: 'Your code to continue your enrollment is %{code}. It works for 10 minutes.',
        codeNotAsked: 'If you did not ask for a code, ignore this message.',
    },
    fr: {
        hello: 'Bonjour,',
        invitationSubject: 'Invitation à enregistrer votre visage',
        invited: 'Vous êtes invité(e) à enregistrer votre visage pour l’accès aux portes.',
        invitedBy: 'Invitation de : %{account}',
        invitationFor: 'Invitation pour : %{person}',
        steps: 'Sur la page ci-dessous, lisez et signez le consentement, puis prenez une photo de votre visage avec votre téléphone ou votre ordinateur.',
        enrollNow: 'M’enregistrer',
        linkWorks: 'Le lien ne sert qu’une fois, jusqu’au %{until}. Si vous n’attendiez pas ce message, ignorez-le.',
        tenantNote: 'Les noms entre guillemets ont été saisis par l’organisation qui vous invite.',
        codeSubject: 'Votre code d’enregistrement',
        code: 'Votre code pour poursuivre votre enregistrement est %{code}. Il est valable 10 minutes.',
        codeNotAsked: 'Si vous n’avez pas demandé de code, ignorez ce message.',
    },
    de: {
        hello: 'Guten Tag,',
        invitationSubject: 'Einladung zur Gesichtserfassung',
        invited: 'Sie sind eingeladen, Ihr Gesicht für den Türzutritt zu erfassen.',
        invitedBy: 'Eingeladen von: %{account}',
        invitationFor: 'Einladung für: %{person}',
        steps: 'Auf der folgenden Seite lesen und unterschreiben Sie die Einwilligung und nehmen dann mit Ihrem Telefon oder Computer ein Bild Ihres Gesichts auf.',
        enrollNow: 'Jetzt erfassen',
        linkWorks: 'Der Link funktioniert einmal, bis %{until}. Wenn Sie diese Nachricht nicht erwartet haben, ignorieren Sie sie.',
        tenantNote: 'Die Namen in Anführungszeichen hat die einladende Organisation eingegeben.',
        codeSubject: 'Ihr Erfassungscode',
        code: 'Ihr Code zum Fortsetzen der Erfassung lautet %{code}. Er gilt 10 Minuten.',
        codeNotAsked: 'Wenn Sie keinen Code angefordert haben, ignorieren Sie diese Nachricht.',
    },
    es: {
        hello: 'Hola:',
        invitationSubject: 'Invitación para registrar su rostro',
        invited: 'Le invitamos a registrar su rostro para el acceso a las puertas.',
        invitedBy: 'Invitación de: %{account}',
        invitationFor: 'Invitación para: %{person}',
        steps: 'En la página siguiente lea y firme el consentimiento; después tome una foto de su rostro con el teléfono o el ordenador.',
        enrollNow: 'Registrarme ahora',
        linkWorks: 'El enlace sirve una vez, hasta el %{until}. Si no esperaba este mensaje, ignórelo.',
        tenantNote: 'Los nombres entre comillas los escribió la organización que le invita.',
        codeSubject: 'Su código de registro',
        code: 'Su código para continuar el registro es %{code}. Vale durante 10 minutos.',
        codeNotAsked: 'Si no pidió ningún código, ignore este mensaje.',
    },
    'pt-BR': {
        hello: 'Olá,',
        invitationSubject: 'Convite para cadastrar seu rosto',
        invited: 'Você foi convidado(a) a cadastrar seu rosto para o acesso às portas.',
        invitedBy: 'Convite de: %{account}',
        invitationFor: 'Convite para: %{person}',
        steps: 'Na página abaixo, leia e assine o consentimento e depois tire uma foto do seu rosto com o celular ou o computador.',
        enrollNow: 'Cadastrar agora',
        linkWorks: 'O link funciona uma vez, até %{until}. Se você não esperava esta mensagem, ignore-a.',
        tenantNote: 'Os nomes entre aspas foram digitados pela organização que enviou o convite.',
        codeSubject: 'Seu código de cadastro',
        code: 'Seu código para continuar o cadastro é %{code}. Ele vale por 10 minutos.',
        codeNotAsked: 'Se você não pediu um código, ignore esta mensagem.',
    },
    it: {
        hello: 'Ciao,',
        invitationSubject: 'Invito a registrare il tuo volto',
        invited: 'Sei invitato a registrare il tuo volto per l’accesso alle porte.',
        invitedBy: 'Invito da: %{account}',
        invitationFor: 'Invito per: %{person}',
        steps: 'Nella pagina qui sotto leggi e firma il consenso, poi scatta una foto del tuo volto con il telefono o il computer.',
        enrollNow: 'Registrati ora',
        linkWorks: 'Il link funziona una sola volta, fino al %{until}. Se non aspettavi questo messaggio, ignoralo.',
        tenantNote: 'I nomi tra virgolette sono stati inseriti dall’organizzazione che ti invita.',
        codeSubject: 'Il tuo codice di registrazione',
        code: 'Il tuo codice per continuare la registrazione è %{code}. Vale 10 minuti.',
        codeNotAsked: 'Se non hai chiesto un codice, ignora questo messaggio.',
    },
    nl: {
        hello: 'Hallo,',
        invitationSubject: 'Uitnodiging om uw gezicht te registreren',
        invited: 'U bent uitgenodigd om uw gezicht te registreren voor toegang tot de deuren.',
        invitedBy: 'Uitgenodigd door: %{account}',
        invitationFor: 'Uitnodiging voor: %{person}',
        steps: 'Op de pagina hieronder leest en ondertekent u de toestemming en maakt u daarna met uw telefoon of computer een foto van uw gezicht.',
        enrollNow: 'Nu registreren',
        linkWorks: 'De link werkt één keer, tot %{until}. Als u dit bericht niet verwachtte, negeer het dan.',
        tenantNote: 'De namen tussen aanhalingstekens zijn ingevoerd door de organisatie die u uitnodigt.',
        codeSubject: 'Uw registratiecode',
        code: 'Uw code om de registratie voort te zetten is %{code}. Hij is 10 minuten geldig.',
        codeNotAsked: 'Als u geen code hebt aangevraagd, negeer dit bericht dan.',
    },
    ja: {
        hello: 'こんにちは。',
        invitationSubject: '顔登録のご案内',
        invited: 'ドアの入室に使う顔の登録をお願いいたします。',
        invitedBy: '招待元: %{account}',
        invitationFor: '招待対象: %{person}',
        steps: '下のページで同意書を読んで署名し、スマートフォンまたはパソコンで顔写真を撮影してください。',
        enrollNow: '今すぐ登録',
        linkWorks: 'このリンクは %{until} まで、一度だけ使えます。心当たりのない場合は、このメッセージを無視してください。',
        tenantNote: '引用符内の名前は、招待した組織が入力したものです。',
        codeSubject: '登録コード',
        code: '登録を続けるためのコードは %{code} です。有効期間は10分です。',
        codeNotAsked: 'コードを依頼していない場合は、このメッセージを無視してください。',
    },
    ar: {
        hello: 'مرحبًا،',
        invitationSubject: 'دعوة لتسجيل وجهك',
        invited: 'أنت مدعو لتسجيل وجهك للدخول من الأبواب.',
        invitedBy: 'الدعوة من: %{account}',
        invitationFor: 'الدعوة إلى: %{person}',
        steps: 'في الصفحة أدناه تقرأ الموافقة وتوقّعها، ثم تلتقط صورة لوجهك بهاتفك أو حاسوبك.',
        enrollNow: 'سجّل الآن',
        linkWorks: 'يعمل الرابط مرة واحدة حتى %{until}. إن لم تكن تتوقع هذه الرسالة فتجاهلها.',
        tenantNote: 'الأسماء بين علامات الاقتباس أدخلتها الجهة التي دعتك.',
        codeSubject: 'رمز التسجيل الخاص بك',
        code: 'رمز متابعة تسجيلك هو %{code}. وهو صالح لمدة 10 دقائق.',
        codeNotAsked: 'إن لم تطلب رمزًا فتجاهل هذه الرسالة.',
    },
};
