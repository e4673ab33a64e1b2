import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const de: Messages = {
    app: {
        name: 'Zutrittskonsole',
        ok: 'OK',
        confirmDelete: { title: '„%{name}“ löschen?', content: 'Dies kann nicht rückgängig gemacht werden.' },
        export: 'Exportieren',
        exports: {
            nothing: 'Nichts zu exportieren: Keine Zeile entspricht den aktuellen Filtern.',
            notAllowed: 'Ihre Rolle (%{role}) darf diese Liste nicht exportieren.',
        },
        lists: {
            account: 'Konto',
            allAccounts: 'Alle meine Konten',
            nothingYet: 'Noch nichts vorhanden.',
            noMatch: 'Nichts entspricht diesen Filtern.',
            clearFilters: 'Filter zurücksetzen',
        },
        yes: 'Ja',
        no: 'Nein',
        roles: {
            admin: 'Plattformadministrator',
            dealer: 'Händleradministrator',
            installer: 'Installateur',
            moderator: 'Kontoadministrator',
            manager: 'Kontoverwalter',
            user: 'Kontobenutzer',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Konten',
            permissions: 'Berechtigungen',
            deviceManagement: 'Geräteverwaltung',
            profiles: 'Profile',
            systemManager: 'Systemverwaltung',
        },
    },
};
export default de;
