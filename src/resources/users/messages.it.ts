import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { users: 'Utenti' },
    resources: {
        roles: { resources: { users: 'Utenti' } },
        audit_logs: { resourceNames: { users: 'Utenti' } },
        users: {
            deleteTitle: 'Eliminare l’utente «%{name}»?',
            name: 'Utente |||| Utenti',
            listEmpty:
                'Ogni persona che accede a questa console è un utente di un account, con un ruolo. Creane uno per ogni persona che lavora nell’account.',
            emailPending: 'Utente modificato',
            emailPendingText: 'È stato inviato un link di conferma a %{email}. Il tuo indirizzo cambia quando lo apri.',
            confirmEmail: {
                title: 'Conferma il nuovo indirizzo e-mail',
                confirming: 'Conferma in corso…',
                done: 'Il tuo indirizzo e-mail è stato cambiato. Da ora accedi con questo indirizzo.',
                signIn: 'Accedi',
            },
            fields: {
                name: 'Nome',
                email: 'E-mail',
                username: 'Nome utente',
                role: 'Ruolo',
                'account.id': 'Account',
                account: 'Account',
                external_user: 'Utente esterno',
                tfa_enabled: 'Due fattori',
                created_at: 'Creato il',
                password: 'Password',
                confirm: 'Conferma la password',
                current_password: 'Password attuale',
                q: 'Cerca',
            },
            create: 'Crea utente',
            edit: 'Modifica utente',
            passwordHelp: 'Lascia vuoto per mantenere la password attuale.',
            newUserPasswordHelp: 'Una password temporanea: l’utente sceglie la propria al primo accesso.',
            ownRole: 'Non puoi cambiare il tuo ruolo.',
            adminWarning: {
                title: 'Ruolo di amministratore della piattaforma selezionato',
                content: 'L’amministratore della piattaforma può vedere e modificare ogni account della piattaforma. Sei sicuro?',
                proceed: 'Procedi',
            },
            tfaReset: 'Reimposta l’accesso a due fattori',
            tfaResetDone: 'accesso a due fattori reimpostato correttamente',
            tfaResetFailed: 'Si è verificato un errore durante la reimpostazione dell’accesso 2FA. Riprova.',
        },
    },
};
export default it;
