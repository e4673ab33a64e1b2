import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { users: 'Gebruikers' },
    resources: {
        roles: { resources: { users: 'Gebruikers' } },
        audit_logs: { resourceNames: { users: 'Gebruikers' } },
        users: {
            deleteTitle: 'De gebruiker „%{name}” verwijderen?',
            name: 'Gebruiker |||| Gebruikers',
            listEmpty:
                'Iedereen die zich bij deze console aanmeldt, is gebruiker van een account, met een rol. Maak er een aan voor elke persoon die in het account werkt.',
            emailPending: 'Gebruiker gewijzigd',
            emailPendingText: 'Er is een bevestigingslink naar %{email} gestuurd. Uw adres verandert zodra u die opent.',
            confirmEmail: {
                title: 'Bevestig uw nieuwe e-mailadres',
                confirming: 'Bezig met bevestigen…',
                done: 'Uw e-mailadres is gewijzigd. Meld u er voortaan mee aan.',
                signIn: 'Inloggen',
            },
            fields: {
                name: 'Naam',
                email: 'E-mail',
                username: 'Gebruikersnaam',
                role: 'Rol',
                'account.id': 'Account',
                account: 'Account',
                external_user: 'Externe gebruiker',
                tfa_enabled: 'Tweestaps',
                created_at: 'Aangemaakt',
                password: 'Wachtwoord',
                confirm: 'Wachtwoord bevestigen',
                current_password: 'Huidig wachtwoord',
                q: 'Zoeken',
            },
            create: 'Gebruiker aanmaken',
            edit: 'Gebruiker bewerken',
            passwordHelp: 'Leeg laten om het huidige wachtwoord te behouden.',
            newUserPasswordHelp: 'Een tijdelijk wachtwoord: de gebruiker kiest bij de eerste aanmelding een eigen wachtwoord.',
            ownRole: 'U kunt uw eigen rol niet wijzigen.',
            adminWarning: {
                title: 'Rol Platformbeheerder gekozen',
                content: 'De platformbeheerder kan elk account van het platform zien en wijzigen. Weet u het zeker?',
                proceed: 'Doorgaan',
            },
            tfaReset: 'Tweestapsaanmelding herstellen',
            tfaResetDone: 'Tweestapsaanmelding is hersteld',
            tfaResetFailed: 'Er is een fout opgetreden bij het herstellen van de 2FA-aanmelding. Probeer het opnieuw.',
        },
    },
};
export default nl;
