import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const it: Messages = {
    menu: { dashboard: 'Dashboard' },
    resources: {
        roles: { resources: { dashboard: 'Dashboard' } },
    },
    layout: {
        customerAccount: 'Account cliente',
        backToMyAccount: 'Torna al mio account',
        version: 'Versione %{version}',
        accountType: { platform: 'Piattaforma', dealer: 'Rivenditore', customer: 'Cliente' },
        switch: {
            button: 'Cambia account',
            title: 'Cambia account',
            search: 'Cerca account',
            accounts: 'Account',
            mine: 'il mio account',
            current: 'attuale',
            none: 'Nessun account corrispondente.',
            failed: 'Impossibile caricare gli account.',
            ownActive: 'Account rivenditore %{account} attivo',
            active: '%{account} attivo',
            modalText:
                'Ora stai lavorando in %{account}. Elenchi, impostazioni e nuovi record appartengono a questo account finché non cambi di nuovo.',
        },
        userMenu: { settings: 'Impostazioni', language: 'Lingua', logout: 'Esci', shortcuts: 'Scorciatoie da tastiera' },
        shortcuts: {
            title: 'Scorciatoie da tastiera',
            help: 'Mostra questo elenco',
            search: 'Cerca',
            goTo: 'Vai a %{screen}',
            create: 'Aggiungi una nuova riga all’elenco attuale',
            close: 'Chiudi questo elenco',
        },
        failure: { text: 'Spiacenti, la pagina è temporaneamente non disponibile.', refresh: 'Aggiorna' },
        diskLow: {
            writesRefused:
                'Il server sta esaurendo lo spazio su disco (%{free} liberi su %{total}; %{reserve} sono tenuti di riserva). Non è possibile salvare, caricare o ricevere dai lettori nulla di nuovo finché non si libera spazio; i lettori conservano i propri eventi e li inviano più tardi. Eliminare firmware o eventi vecchi libera spazio.',
            imagesPaused:
                'Il server sta esaurendo lo spazio su disco (%{free} liberi su %{total}). Gli eventi vengono registrati senza immagini finché non si libera spazio.',
        },
    },
    time: {
        seconds: '%{smart_count} s fa',
        minutes: '%{smart_count} min fa',
        oneHour: '1 ora fa',
        hours: '%{smart_count} ore fa',
        days: '1 giorno fa |||| %{smart_count} giorni fa',
    },
};
export default it;
