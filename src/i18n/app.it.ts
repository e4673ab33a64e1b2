import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const it: Messages = {
    app: {
        name: 'Console di accesso',
        ok: 'OK',
        confirmDelete: { title: 'Eliminare «%{name}»?', content: 'L’operazione non può essere annullata.' },
        export: 'Esporta',
        exports: {
            nothing: 'Niente da esportare: nessuna riga corrisponde ai filtri attuali.',
            notAllowed: 'Il tuo ruolo (%{role}) non può esportare questo elenco.',
        },
        lists: {
            account: 'Account',
            allAccounts: 'Tutti i miei account',
            nothingYet: 'Ancora nulla qui.',
            noMatch: 'Nessun risultato con questi filtri.',
            clearFilters: 'Cancella i filtri',
        },
        yes: 'Sì',
        no: 'No',
        roles: {
            admin: 'Amministratore della piattaforma',
            dealer: 'Amministratore rivenditore',
            installer: 'Installatore',
            moderator: 'Amministratore dell’account',
            manager: 'Responsabile dell’account',
            user: 'Utente dell’account',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Account',
            permissions: 'Autorizzazioni',
            deviceManagement: 'Gestione dispositivi',
            profiles: 'Profili',
            systemManager: 'Gestione sistema',
        },
    },
};
export default it;
