import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const de: Messages = {
    menu: { dashboard: 'Dashboard' },
    resources: {
        roles: { resources: { dashboard: 'Dashboard' } },
    },
    layout: {
        customerAccount: 'Kundenkonto',
        backToMyAccount: 'Zurück zu meinem Konto',
        version: 'Version %{version}',
        accountType: { platform: 'Plattform', dealer: 'Händler', customer: 'Kunde' },
        switch: {
            button: 'Konto wechseln',
            title: 'Konto wechseln',
            search: 'Konten durchsuchen',
            accounts: 'Konten',
            mine: 'mein Konto',
            current: 'aktuell',
            none: 'Kein Konto entspricht der Suche.',
            failed: 'Die Konten konnten nicht geladen werden.',
            ownActive: 'Händlerkonto %{account} aktiv',
            active: '%{account} aktiv',
            modalText:
                'Sie arbeiten jetzt in %{account}. Listen, Einstellungen und neue Einträge gehören zu diesem Konto, bis Sie erneut wechseln.',
        },
        userMenu: { settings: 'Einstellungen', language: 'Sprache', logout: 'Abmelden', shortcuts: 'Tastenkürzel' },
        shortcuts: {
            title: 'Tastenkürzel',
            help: 'Diese Liste anzeigen',
            search: 'Suchen',
            goTo: 'Zu %{screen} wechseln',
            create: 'Der aktuellen Liste einen Eintrag hinzufügen',
            close: 'Diese Liste schließen',
        },
        failure: { text: 'Die Seite ist leider vorübergehend nicht verfügbar.', refresh: 'Aktualisieren' },
        diskLow: {
            writesRefused:
                'Auf dem Server wird der Speicherplatz knapp (%{free} von %{total} frei; %{reserve} werden als Reserve freigehalten). Bis Speicherplatz frei wird, kann nichts Neues gespeichert, hochgeladen oder von Lesegeräten empfangen werden; die Lesegeräte behalten ihre Ereignisse und senden sie später. Das Löschen alter Firmware oder Ereignisse schafft Platz.',
            imagesPaused:
                'Auf dem Server wird der Speicherplatz knapp (%{free} von %{total} frei). Ereignisse werden ohne ihre Bilder gespeichert, bis Speicherplatz frei wird.',
        },
    },
    time: {
        seconds: 'vor %{smart_count} s',
        minutes: 'vor %{smart_count} Min.',
        oneHour: 'vor 1 Stunde',
        hours: 'vor %{smart_count} Stunden',
        days: 'vor 1 Tag |||| vor %{smart_count} Tagen',
    },
};
export default de;
