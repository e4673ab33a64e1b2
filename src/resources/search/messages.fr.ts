import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { search: 'Recherche' },
    search: {
        title: 'Recherche',
        intro: 'Les noms, descriptions, adresses e-mail et matérielles correspondent sur n’importe quelle partie ; un ACS ID et un badge (NUMÉRO ou FC:NUMÉRO) correspondent en entier.',
        box: { label: 'Rechercher', placeholder: 'Rechercher… ( / )' },
        none: 'Rien de ce que vous pouvez voir ne correspond à « %{q} ».',
        more: 'Seuls les %{n} premiers sont affichés : tapez davantage de texte pour affiner.',
        shortcut: 'Depuis n’importe quelle page, appuyez sur',
        kinds: {
            accounts: 'Comptes',
            users: 'Utilisateurs',
            devices: 'Appareils',
            readers: 'Lecteurs',
            access_groups: 'Groupes d’accès',
            profiles: 'Profils',
            badges: 'Badges',
            deployments: 'Déploiements de firmware',
            firmware: 'Versions de firmware',
        },
    },
};
export default fr;
