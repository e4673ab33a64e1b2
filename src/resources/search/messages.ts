import type { Messages } from '../../plugins/types';

export const searchMessages: { en: Messages; fr: Messages } = {
    en: {
        search: {
            title: 'Search',
            intro: 'Names, descriptions, e-mail and hardware addresses match on any part; an ACS ID and a badge (NUMBER or FC:NUMBER) match whole.',
            box: { label: 'Search', placeholder: 'Search… ( / )' },
            none: 'Nothing you can see matches “%{q}”.',
            more: 'Only the first %{n} are shown: type more of the text to narrow them down.',
            shortcut: 'From any page, press',
            kinds: {
                accounts: 'Accounts',
                users: 'Users',
                devices: 'Devices',
                readers: 'Readers',
                access_groups: 'Access groups',
                profiles: 'Profiles',
                badges: 'Badge IDs',
                deployments: 'Firmware deployments',
                firmware: 'Firmware versions',
            },
        },
    },
    fr: {
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
    },
};
