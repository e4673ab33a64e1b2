import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const it: Messages = {
    resources: {
        api_keys: {
            section: 'Chiavi API',
            intro: 'I programmi chiamano l’API della piattaforma con una chiave di questo account nell’intestazione X-API-Key. Una chiave ha i diritti del suo ruolo in questo account (e, per i ruoli che li raggiungono, negli account sottostanti), come un utente di quel ruolo. Revoca una chiave che non è più usata o che potrebbe essere stata divulgata.',
            empty: 'Questo account non ha chiavi API.',
            never: 'Mai',
            neverUsed: 'Non ancora usata',
            fields: {
                description: 'Descrizione',
                role: 'Ruolo',
                prefix: 'La chiave inizia con',
                created: 'Creata il',
                expires_at: 'Scadenza',
                last_used: 'Ultimo utilizzo',
                status: 'Stato',
            },
            status: { active: 'Attiva', expired: 'Scaduta', revoked: 'Revocata' },
            create: {
                open: 'Crea chiave API',
                title: 'Crea chiave API',
                run: 'Crea',
                descriptionHelp: 'A cosa serve la chiave, ad es. il programma che la usa',
                tooLong: 'Al massimo %{max} caratteri',
                roleHelp: 'La chiave ottiene i diritti di questo ruolo',
                expiryHelp: 'Facoltativo: la chiave smette di funzionare dopo questo giorno',
                pastDay: 'Scegli oggi o un giorno successivo',
            },
            created: {
                title: 'Chiave API creata',
                warning: 'Copia la chiave ora e conservala in un luogo sicuro: non verrà più mostrata.',
                key: 'Chiave API',
                copy: 'Copia la chiave',
                copied: 'Chiave copiata',
                usage: 'Inviala nell’intestazione %{header} di ogni richiesta.',
                done: 'Fatto',
            },
            revoke: {
                run: 'Revoca',
                label: 'Revoca %{description}',
                confirmTitle: 'Revocare la chiave API %{description}?',
                confirmContent: 'I programmi che usano questa chiave vengono rifiutati da subito. L’operazione non può essere annullata.',
            },
            revoked: 'Chiave API %{description} revocata',
            createFailed: 'Impossibile creare la chiave API',
            revokeFailed: 'Impossibile revocare la chiave API',
        },
        roles: { resources: { apiKeys: 'Chiavi API' } },
        audit_logs: { resourceNames: { apiKeys: 'Chiavi API' }, actionNames: { revoke: 'Revoca' } },
    },
};
export default it;
