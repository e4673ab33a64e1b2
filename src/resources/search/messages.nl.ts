import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { search: 'Zoeken' },
    search: {
        title: 'Zoeken',
        intro: 'Namen, omschrijvingen, e-mail- en hardwareadressen worden ook op een deel gevonden; een ACS-ID en een badge (NUMMER of FC:NUMMER) alleen volledig.',
        box: { label: 'Zoeken', placeholder: 'Zoeken… ( / )' },
        none: 'Niets wat u mag zien, komt overeen met "%{q}".',
        more: 'Alleen de eerste %{n} worden getoond: typ meer van de tekst om de resultaten te beperken.',
        shortcut: 'Druk op een willekeurige pagina op',
        kinds: {
            accounts: 'Accounts',
            users: 'Gebruikers',
            devices: 'Apparaten',
            readers: 'Lezers',
            access_groups: 'Toegangsgroepen',
            profiles: 'Profielen',
            badges: 'Badge-ID’s',
            deployments: 'Firmware-uitrollen',
            firmware: 'Firmwareversies',
        },
    },
};
export default nl;
