import type { LocaleCode } from '../../../contract/constants';

/**
 * The fixed words of an alert mail in each language the console speaks: a user of the account gets it in the
 * language chosen in the console (an outside address in English, having chosen none; docs/decisions.md "Mails in the
 * recipient's language"). %{name} marks where a value goes; counts are written by each language's own rule.
 */
export interface AlertMailTexts {
    /** "3 events", "1 new event" and "2 more events" in the language's own plural */
    events(n: number): string;
    newEvents(n: number): string;
    moreEvents(n: number): string;
    subject: string;
    digestSubject: string;
    matched: string;
    matchedInPeriod: string;
    more: string;
    footerUser: string;
    footerAddress: string;
    head: [time: string, type: string, reader: string, account: string, people: string];
    open: string;
}

/** one or other, by the count: one is 1 (French: 0 and 1) */
const twoForms =
    (one: string, other: string, isOne: (n: number) => boolean = n => n === 1) =>
    (n: number) =>
        (isOne(n) ? one : other).replace('%{n}', String(n));
const frenchOne = (n: number) => n < 2;
/** Arabic counts: one (the noun alone), two (the dual), 3 to 10 (a plural), 11 and up (a singular accusative). */
const arabicCount = (n: number, one: string, two: string, few: string, many: string) =>
    n === 1 ? one : n === 2 ? two : n % 100 >= 3 && n % 100 <= 10 ? `${n} ${few}` : `${n} ${many}`;

export const ALERT_MAIL_TEXTS: Record<LocaleCode, AlertMailTexts> = {
    en: {
        events: twoForms('%{n} event', '%{n} events'),
        newEvents: twoForms('%{n} new event', '%{n} new events'),
        moreEvents: twoForms('%{n} more event', '%{n} more events'),
        subject: 'Alert: %{events}',
        digestSubject: 'Alert digest: %{events}',
        matched: 'The alert rule %{rule} matched %{events}.',
        matchedInPeriod: 'The alert rule %{rule} matched %{events} from %{from} to %{to} UTC.',
        more: '…and %{events}: see them in the console, %{url}',
        footerUser: 'Change or stop these alerts in the console:',
        footerAddress: 'You receive these alerts because this address agreed to them. Stop them:',
        head: ['Time', 'Type', 'Reader', 'Account', 'People'],
        open: 'Open',
    },
    fr: {
        events: twoForms('%{n} événement', '%{n} événements', frenchOne),
        newEvents: twoForms('%{n} nouvel événement', '%{n} nouveaux événements', frenchOne),
        moreEvents: twoForms('%{n} autre événement', '%{n} autres événements', frenchOne),
        subject: 'Alerte : %{events}',
        digestSubject: 'Résumé d’alertes : %{events}',
        matched: 'La règle d’alerte %{rule} a relevé %{events}.',
        matchedInPeriod: 'La règle d’alerte %{rule} a relevé %{events} du %{from} au %{to} UTC.',
        more: '…et %{events} : voyez-les dans la console, %{url}',
        footerUser: 'Modifiez ou arrêtez ces alertes dans la console :',
        footerAddress: 'Vous recevez ces alertes parce que cette adresse les a acceptées. Les arrêter :',
        head: ['Heure', 'Type', 'Lecteur', 'Compte', 'Personnes'],
        open: 'Ouvrir',
    },
    de: {
        events: twoForms('%{n} Ereignis', '%{n} Ereignisse'),
        newEvents: twoForms('%{n} neues Ereignis', '%{n} neue Ereignisse'),
        moreEvents: twoForms('%{n} weiteres Ereignis', '%{n} weitere Ereignisse'),
        subject: 'Alarm: %{events}',
        digestSubject: 'Alarmübersicht: %{events}',
        matched: 'Die Alarmregel %{rule} hat %{events} erkannt.',
        matchedInPeriod: 'Die Alarmregel %{rule} hat vom %{from} bis %{to} UTC %{events} erkannt.',
        more: '…und %{events}: Sie finden sie in der Konsole, %{url}',
        footerUser: 'Ändern oder beenden Sie diese Alarme in der Konsole:',
        footerAddress: 'Sie erhalten diese Alarme, weil diese Adresse ihnen zugestimmt hat. Beenden:',
        head: ['Zeit', 'Typ', 'Lesegerät', 'Konto', 'Personen'],
        open: 'Öffnen',
    },
    es: {
        events: twoForms('%{n} evento', '%{n} eventos'),
        newEvents: twoForms('%{n} evento nuevo', '%{n} eventos nuevos'),
        moreEvents: twoForms('%{n} evento más', '%{n} eventos más'),
        subject: 'Alerta: %{events}',
        digestSubject: 'Resumen de alertas: %{events}',
        matched: 'La regla de alerta %{rule} detectó %{events}.',
        matchedInPeriod: 'La regla de alerta %{rule} detectó %{events} del %{from} al %{to} UTC.',
        more: '…y %{events}: véalos en la consola, %{url}',
        footerUser: 'Cambie o detenga estas alertas en la consola:',
        footerAddress: 'Recibe estas alertas porque esta dirección las aceptó. Detenerlas:',
        head: ['Hora', 'Tipo', 'Lector', 'Cuenta', 'Personas'],
        open: 'Abrir',
    },
    'pt-BR': {
        events: twoForms('%{n} evento', '%{n} eventos'),
        newEvents: twoForms('%{n} evento novo', '%{n} eventos novos'),
        moreEvents: twoForms('mais %{n} evento', 'mais %{n} eventos'),
        subject: 'Alerta: %{events}',
        digestSubject: 'Resumo de alertas: %{events}',
        matched: 'A regra de alerta %{rule} detectou %{events}.',
        matchedInPeriod: 'A regra de alerta %{rule} detectou %{events} de %{from} a %{to} UTC.',
        more: '…e %{events}: veja-os no console, %{url}',
        footerUser: 'Altere ou interrompa estes alertas no console:',
        footerAddress: 'Você recebe estes alertas porque este endereço os aceitou. Interromper:',
        head: ['Hora', 'Tipo', 'Leitor', 'Conta', 'Pessoas'],
        open: 'Abrir',
    },
    it: {
        events: twoForms('%{n} evento', '%{n} eventi'),
        newEvents: twoForms('%{n} nuovo evento', '%{n} nuovi eventi'),
        moreEvents: twoForms('altro %{n} evento', 'altri %{n} eventi'),
        subject: 'Allarme: %{events}',
        digestSubject: 'Riepilogo allarmi: %{events}',
        matched: 'La regola di allarme %{rule} ha rilevato %{events}.',
        matchedInPeriod: 'La regola di allarme %{rule} ha rilevato %{events} dal %{from} al %{to} UTC.',
        more: '…e %{events}: vedili nella console, %{url}',
        footerUser: 'Modifica o interrompi questi allarmi nella console:',
        footerAddress: 'Ricevi questi allarmi perché questo indirizzo li ha accettati. Interrompili:',
        head: ['Ora', 'Tipo', 'Lettore', 'Account', 'Persone'],
        open: 'Apri',
    },
    nl: {
        events: twoForms('%{n} gebeurtenis', '%{n} gebeurtenissen'),
        newEvents: twoForms('%{n} nieuwe gebeurtenis', '%{n} nieuwe gebeurtenissen'),
        moreEvents: twoForms('nog %{n} gebeurtenis', 'nog %{n} gebeurtenissen'),
        subject: 'Melding: %{events}',
        digestSubject: 'Overzicht van meldingen: %{events}',
        matched: 'De meldingsregel %{rule} vond %{events}.',
        matchedInPeriod: 'De meldingsregel %{rule} vond %{events} van %{from} tot %{to} UTC.',
        more: '…en %{events}: bekijk ze in de console, %{url}',
        footerUser: 'Wijzig of stop deze meldingen in de console:',
        footerAddress: 'U ontvangt deze meldingen omdat dit adres ermee heeft ingestemd. Stoppen:',
        head: ['Tijd', 'Type', 'Lezer', 'Account', 'Personen'],
        open: 'Openen',
    },
    ja: {
        events: n => `${n}件のイベント`,
        newEvents: n => `${n}件の新しいイベント`,
        moreEvents: n => `ほか${n}件のイベント`,
        subject: 'アラート: %{events}',
        digestSubject: 'アラートのまとめ: %{events}',
        matched: 'アラートルール %{rule} が %{events}を検出しました。',
        matchedInPeriod: 'アラートルール %{rule} が %{from} から %{to} (UTC) に %{events}を検出しました。',
        more: '…%{events}はコンソールでご覧ください: %{url}',
        footerUser: 'このアラートの変更・停止はコンソールから:',
        footerAddress: 'このアドレスが同意したため、このアラートが届いています。停止する:',
        head: ['時刻', '種類', 'リーダー', 'アカウント', '人物'],
        open: '開く',
    },
    ar: {
        events: n => arabicCount(n, 'حدث', 'حدثان', 'أحداث', 'حدثًا'),
        newEvents: n => arabicCount(n, 'حدث جديد', 'حدثان جديدان', 'أحداث جديدة', 'حدثًا جديدًا'),
        moreEvents: n => `${arabicCount(n, 'حدث', 'حدثان', 'أحداث', 'حدثًا')} أخرى`,
        subject: 'تنبيه: %{events}',
        digestSubject: 'ملخص التنبيهات: %{events}',
        matched: 'رصدت قاعدة التنبيه %{rule}: %{events}.',
        matchedInPeriod: 'رصدت قاعدة التنبيه %{rule} من %{from} إلى %{to} بالتوقيت العالمي: %{events}.',
        more: '…و%{events}: اطّلع عليها في وحدة التحكم، %{url}',
        footerUser: 'غيّر هذه التنبيهات أو أوقفها في وحدة التحكم:',
        footerAddress: 'تصلك هذه التنبيهات لأن هذا العنوان وافق عليها. إيقافها:',
        head: ['الوقت', 'النوع', 'القارئ', 'الحساب', 'الأشخاص'],
        open: 'فتح',
    },
};
