import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const it: Messages = {
    menu: { accountManagement: 'Gestione account' },
    account_management: {
        title: 'Aggiorna l’account principale della piattaforma',
        intro: 'L’account principale è l’account dell’organizzazione per cui è installata questa piattaforma. Solo l’account principale può usare l’accesso SSO; i suoi utenti lavorano solo nel proprio account, senza l’elenco degli account; i lettori che si registrano senza codice di registrazione vi attendono l’approvazione.',
        open: 'Apri la pagina dell’account',
        changeTitle: 'Scegli un altro account principale',
        changeHelp:
            'Rendi principale un altro account, ad esempio quando l’organizzazione servita da questa piattaforma passa a un account proprio.',
        account: 'Nuovo account principale',
        change: 'Rendilo account principale',
        confirmTitle: 'Rendere %{name} l’account principale?',
        confirmContent:
            '%{name} diventa l’account principale della piattaforma al posto di %{current}. Da quel momento solo %{name} può usare l’accesso SSO, i suoi utenti lavorano solo nel proprio account e i lettori che si registrano senza codice di registrazione attendono l’approvazione in %{name}. %{current} diventa un account come gli altri: i suoi utenti perdono l’accesso SSO.',
        changed: '%{name} è ora l’account principale',
        failed: 'L’account principale non è stato modificato',
    },
};
export default it;
