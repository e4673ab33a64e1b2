import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { settings: 'Impostazioni' },
    resources: {
        roles: { resources: { systemSettings: 'Impostazioni di sistema' } },
    },
    settings: {
        title: 'Impostazioni',
        intro: 'Impostazioni dell’intera piattaforma. L’ambiente del server fornisce i valori iniziali; un valore salvato qui lo sostituisce subito, in ogni istanza del server.',
        sections: {
            mail: { title: 'Indirizzo e posta', intro: 'Dove gli utenti raggiungono la console e come la piattaforma invia le e-mail.' },
            signIn: { title: 'Accesso e sessioni', intro: 'Quanto dura un accesso e cosa succede dopo i tentativi non riusciti.' },
            readers: {
                title: 'Lettori',
                intro: 'Con quale frequenza i lettori si segnalano e quando un lettore silenzioso è considerato offline.',
            },
            retention: {
                title: 'Conservazione predefinita',
                intro: 'Per quanto tempo un account conserva gli eventi di sicurezza e le loro immagini se non ha impostato un proprio criterio.',
            },
            backups: { title: 'Backup', intro: 'Backup dell’intera piattaforma, eseguiti secondo una pianificazione.' },
            enrollment: {
                title: 'Registrazione web',
                intro: 'Inviti a registrare un volto, inviati via e-mail agli indirizzi forniti dal personale dell’account.',
            },
        },
        fields: {
            public_url: {
                label: 'Indirizzo pubblico della console',
                help: 'L’indirizzo che aprono gli utenti; i link nelle e-mail puntano a esso.',
            },
            mail_from: {
                label: 'Mittente delle e-mail',
                help: 'Il mittente di ogni e-mail, ad es. Console di accesso <no-reply@example.com>.',
            },
            smtp_url: { label: 'Server SMTP' },
            access_token_ttl_seconds: {
                label: 'Durata del token di accesso',
                help: 'Per quanto tempo un accesso è considerato attendibile prima che la console lo rinnovi in background.',
            },
            refresh_token_ttl_seconds: {
                label: 'Durata del token di aggiornamento',
                help: 'Una console inutilizzata più a lungo di così deve accedere di nuovo.',
            },
            session_max_seconds: {
                label: 'Durata massima della sessione',
                help: 'Una sessione termina dopo questo tempo dall’accesso, per quanto sia attiva.',
            },
            max_failed_logins: {
                label: 'Accessi non riusciti prima del blocco',
                help: 'Tentativi non riusciti con uno stesso indirizzo e-mail entro la durata del blocco; il tentativo successivo viene rifiutato.',
            },
            lockout_seconds: {
                label: 'Durata del blocco',
                help: 'Per quanto tempo contano gli accessi non riusciti e quanto attende un utente bloccato prima di riprovare.',
            },
            device_heartbeat_seconds: { label: 'Heartbeat ogni', help: 'Con quale frequenza i lettori si segnalano al server.' },
            device_offline_seconds: {
                label: 'Offline dopo',
                help: 'Un lettore silenzioso per questo tempo è considerato offline. Più di un heartbeat.',
            },
            event_images_default_days: {
                label: 'Immagini degli eventi conservate',
                help: 'Per gli account senza criterio di conservazione delle immagini.',
            },
            events_default_days: {
                label: 'Eventi di sicurezza conservati',
                help: 'Per gli account senza criterio di conservazione degli eventi di sicurezza.',
            },
            backup_every_hours: { label: 'Backup ogni', help: '0: nessun backup pianificato.' },
            backup_keep: { label: 'Backup conservati', help: 'I backup più vecchi vengono rimossi dopo ogni nuovo backup.' },
            enrollment_invites_per_day: {
                label: 'Inviti per account al giorno',
                help: 'E-mail di invito, reinvii compresi, che un account può inviare in un giorno (UTC). Un caricamento che supererebbe il limite viene rifiutato per intero.',
            },
        },
        units: { seconds: 'secondi', minutes: 'minuti', hours: 'ore', days: 'giorni' },
        amounts: {
            seconds: '%{smart_count} secondo |||| %{smart_count} secondi',
            minutes: '%{smart_count} minuto |||| %{smart_count} minuti',
            hours: '%{smart_count} ora |||| %{smart_count} ore',
            days: '%{smart_count} giorno |||| %{smart_count} giorni',
            attempts: '%{smart_count} tentativo |||| %{smart_count} tentativi',
            backups: '%{smart_count} backup |||| %{smart_count} backup',
            invitations: '%{smart_count} invito |||| %{smart_count} inviti',
        },
        suffixes: { attempts: 'tentativi', days: 'giorni', hours: 'ore', backups: 'backup', invitations: 'inviti' },
        unitOf: 'Unità di %{field}',
        source: {
            saved: 'Salvato qui',
            environment: 'Dall’ambiente',
            reset: 'Usa il valore dell’ambiente',
            resetTitle: 'Dimentica il valore salvato qui: lo fornisce di nuovo l’ambiente del server',
            resetDone: '%{field}: si applica di nuovo il valore dell’ambiente',
            resetFailed: 'Errore durante il ritorno al valore dell’ambiente',
        },
        smtp: {
            use: 'Invia le e-mail tramite un server SMTP',
            current: 'Server attuale: %{address}',
            none: 'Nessun server SMTP: le e-mail vengono scritte nella cartella outbox del server.',
            address: 'Indirizzo del server SMTP',
            newAddress: 'Nuovo indirizzo del server SMTP',
            example: 'smtp:// o smtps://, ad es. smtps://utente:password@mail.example.com',
            keep: 'Lascia vuoto per mantenere il server attuale. La sua password non viene mai mostrata.',
            turnOff: 'Al salvataggio, le e-mail verranno scritte nella cartella outbox invece di essere inviate.',
            show: 'Mostra l’indirizzo',
            hide: 'Nascondi l’indirizzo',
        },
        test: {
            title: 'Invia un messaggio di prova',
            intro: 'Invia un messaggio con le impostazioni di posta salvate, per verificare che le e-mail della piattaforma arrivino.',
            unsaved: 'La prova usa le impostazioni salvate: salva prima le modifiche.',
            to: 'Invia a',
            send: 'Invia un messaggio di prova',
            sentSmtp: 'Inviato tramite il server SMTP a %{email}.',
            sentOutbox: 'Nessun server SMTP: il messaggio per %{email} è stato scritto nella cartella outbox del server.',
            failed: 'Il messaggio non è stato inviato',
        },
        discard: 'Annulla le modifiche',
        changes: '%{smart_count} modifica non salvata |||| %{smart_count} modifiche non salvate',
        noChanges: 'Nessuna modifica non salvata',
        saved: 'Impostazioni salvate',
        saveFailed: 'Errore durante il salvataggio delle impostazioni',
        checkFields: 'Correggi i campi segnati in rosso.',
        errors: {
            number: 'Inserisci un numero',
            wholeNumber: 'Inserisci un numero intero',
            range: 'Da %{min} a %{max}',
            atLeast: 'Almeno %{value}',
            atMost: 'Al massimo %{value}',
            smtpRequired: 'Inserisci l’indirizzo del server SMTP',
            publicUrl: 'Inserisci l’indirizzo che aprono gli utenti, ad es. https://console.example.com',
            smtpUrl: 'Inserisci un indirizzo smtp:// o smtps://, ad es. smtps://utente:password@mail.example.com',
            mailFrom: 'Inserisci un mittente, ad es. Console di accesso <no-reply@example.com>',
            offlineAfterHeartbeat: 'A un lettore deve essere concesso più di un heartbeat prima che sia considerato offline',
        },
    },
};
export default it;
