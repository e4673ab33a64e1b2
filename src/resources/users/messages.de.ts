import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { users: 'Benutzer' },
    resources: {
        roles: { resources: { users: 'Benutzer' } },
        audit_logs: { resourceNames: { users: 'Benutzer' } },
        users: {
            deleteTitle: 'Den Benutzer „%{name}“ löschen?',
            name: 'Benutzer |||| Benutzer',
            listEmpty:
                'Jede Person, die sich an dieser Konsole anmeldet, ist Benutzer eines Kontos, mit einer Rolle. Legen Sie einen für jede Person an, die im Konto arbeitet.',
            emailPending: 'Benutzer geändert',
            emailPendingText: 'Ein Bestätigungslink wurde an %{email} gesendet. Ihre Adresse ändert sich, sobald Sie ihn öffnen.',
            confirmEmail: {
                title: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
                confirming: 'Wird bestätigt…',
                done: 'Ihre E-Mail-Adresse ist geändert. Melden Sie sich ab jetzt damit an.',
                signIn: 'Anmelden',
            },
            fields: {
                name: 'Name',
                email: 'E-Mail',
                username: 'Benutzername',
                role: 'Rolle',
                'account.id': 'Konto',
                account: 'Konto',
                external_user: 'Externer Benutzer',
                tfa_enabled: 'Zwei-Faktor',
                created_at: 'Erstellt',
                password: 'Passwort',
                confirm: 'Passwort bestätigen',
                current_password: 'Aktuelles Passwort',
                q: 'Suche',
            },
            create: 'Benutzer erstellen',
            edit: 'Benutzer bearbeiten',
            passwordHelp: 'Leer lassen, um das aktuelle Passwort zu behalten.',
            newUserPasswordHelp: 'Ein vorläufiges Passwort: Der Benutzer wählt bei der ersten Anmeldung sein eigenes.',
            ownRole: 'Sie können Ihre eigene Rolle nicht ändern.',
            adminWarning: {
                title: 'Rolle Plattformadministrator gewählt',
                content: 'Der Plattformadministrator kann jedes Konto der Plattform sehen und ändern. Sind Sie sicher?',
                proceed: 'Fortfahren',
            },
            tfaReset: 'Zwei-Faktor-Anmeldung zurücksetzen',
            tfaResetDone: 'Zwei-Faktor-Anmeldung erfolgreich zurückgesetzt',
            tfaResetFailed: 'Beim Zurücksetzen der 2FA-Anmeldung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
        },
    },
};
export default de;
