import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { qrcode: 'QR-code' },
    qrcode: {
        title: 'QR-codegenerator',
        intro: 'Houd deze code tijdens de installatie voor de camera van een lezer: zo leert hij het adres van het platform en registreert hij zich in %{account}, waar hij op de pagina Apparaten op goedkeuring wacht.',
        platform: 'Adres van het platform',
        code: 'Registratiecode',
        wifi: 'Ook met een wifinetwerk verbinden',
        ssid: 'Netwerknaam',
        security: 'Beveiliging',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'Geen' },
        password: 'Netwerkwachtwoord',
        passwordHelp: 'Het wordt in de code opgenomen: bewaar afgedrukte codes op een veilige plek.',
        preview: 'Installatiecode voor lezers van %{account}',
        downloadPng: 'PNG downloaden',
        downloadSvg: 'SVG downloaden',
        failed: 'De code kon niet worden gemaakt',
    },
};
export default nl;
