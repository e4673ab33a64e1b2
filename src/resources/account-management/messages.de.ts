import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const de: Messages = {
    menu: { accountManagement: 'Kontoverwaltung' },
    account_management: {
        title: 'Hauptkonto der Plattform ändern',
        intro: 'Das Hauptkonto ist das Konto der Organisation, für die diese Plattform installiert ist. Nur das Hauptkonto kann die SSO-Anmeldung nutzen; seine Benutzer arbeiten nur in ihrem eigenen Konto, ohne die Kontenliste; Lesegeräte, die sich ohne Registrierungscode registrieren, warten dort auf Freigabe.',
        open: 'Seine Kontoseite öffnen',
        changeTitle: 'Ein anderes Hauptkonto wählen',
        changeHelp:
            'Machen Sie ein anderes Konto zum Hauptkonto, zum Beispiel wenn die Organisation, der diese Plattform dient, in ein eigenes Konto umzieht.',
        account: 'Neues Hauptkonto',
        change: 'Zum Hauptkonto machen',
        confirmTitle: '%{name} zum Hauptkonto machen?',
        confirmContent:
            '%{name} wird anstelle von %{current} zum Hauptkonto der Plattform. Ab dann kann nur %{name} die SSO-Anmeldung nutzen, seine Benutzer arbeiten nur in ihrem eigenen Konto, und Lesegeräte, die sich ohne Registrierungscode registrieren, warten in %{name} auf Freigabe. %{current} wird ein Konto wie die anderen: Seine Benutzer verlieren die SSO-Anmeldung.',
        changed: '%{name} ist jetzt das Hauptkonto',
        failed: 'Das Hauptkonto wurde nicht geändert',
    },
};
export default de;
