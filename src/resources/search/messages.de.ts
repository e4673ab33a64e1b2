import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { search: 'Suche' },
    search: {
        title: 'Suche',
        intro: 'Namen, Beschreibungen, E-Mail- und Hardware-Adressen werden auch in Teilen gefunden; eine ACS-ID und ein Ausweis (NUMMER oder FC:NUMMER) nur vollständig.',
        box: { label: 'Suche', placeholder: 'Suchen… ( / )' },
        none: 'Nichts, was Sie sehen dürfen, passt zu „%{q}“.',
        more: 'Nur die ersten %{n} werden angezeigt: Geben Sie mehr vom Text ein, um die Treffer einzugrenzen.',
        shortcut: 'Drücken Sie auf jeder Seite',
        kinds: {
            accounts: 'Konten',
            users: 'Benutzer',
            devices: 'Geräte',
            readers: 'Lesegeräte',
            access_groups: 'Zutrittsgruppen',
            profiles: 'Profile',
            badges: 'Ausweis-IDs',
            deployments: 'Firmware-Bereitstellungen',
            firmware: 'Firmware-Versionen',
        },
    },
};
export default de;
