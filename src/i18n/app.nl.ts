import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const nl: Messages = {
    app: {
        name: 'Toegangsconsole',
        ok: 'OK',
        confirmDelete: { title: '„%{name}” verwijderen?', content: 'Dit kan niet ongedaan worden gemaakt.' },
        export: 'Exporteren',
        exports: {
            nothing: 'Niets te exporteren: geen rij voldoet aan de huidige filters.',
            notAllowed: 'Uw rol (%{role}) kan deze lijst niet exporteren.',
        },
        lists: {
            account: 'Account',
            allAccounts: 'Al mijn accounts',
            nothingYet: 'Nog niets.',
            noMatch: 'Niets voldoet aan deze filters.',
            clearFilters: 'Filters wissen',
        },
        yes: 'Ja',
        no: 'Nee',
        roles: {
            admin: 'Platformbeheerder',
            dealer: 'Dealerbeheerder',
            installer: 'Installateur',
            moderator: 'Accountbeheerder',
            manager: 'Accountmanager',
            user: 'Accountgebruiker',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Accounts',
            permissions: 'Rechten',
            deviceManagement: 'Apparaatbeheer',
            profiles: 'Profielen',
            systemManager: 'Systeembeheer',
        },
    },
};
export default nl;
