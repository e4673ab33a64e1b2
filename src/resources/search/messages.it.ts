import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { search: 'Cerca' },
    search: {
        title: 'Cerca',
        intro: 'Nomi, descrizioni, indirizzi e-mail e hardware corrispondono su qualsiasi parte; un ID ACS e un badge (NUMERO o FC:NUMERO) corrispondono solo per intero.',
        box: { label: 'Cerca', placeholder: 'Cerca… ( / )' },
        none: 'Nulla di ciò che puoi vedere corrisponde a «%{q}».',
        more: 'Vengono mostrati solo i primi %{n}: digita più testo per restringere i risultati.',
        shortcut: 'Da qualsiasi pagina, premi',
        kinds: {
            accounts: 'Account',
            users: 'Utenti',
            devices: 'Dispositivi',
            readers: 'Lettori',
            access_groups: 'Gruppi di accesso',
            profiles: 'Profili',
            badges: 'ID badge',
            deployments: 'Distribuzioni del firmware',
            firmware: 'Versioni del firmware',
        },
    },
};
export default it;
