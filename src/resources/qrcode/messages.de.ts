import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { qrcode: 'QR-Code' },
    qrcode: {
        title: 'QR-Code-Generator',
        intro: 'Halten Sie diesen Code bei der Einrichtung vor die Kamera eines Lesegeräts: Es erfährt so die Adresse der Plattform und registriert sich in %{account}, wo es auf der Seite „Geräte“ auf Freigabe wartet.',
        platform: 'Adresse der Plattform',
        code: 'Registrierungscode',
        wifi: 'Auch mit einem WLAN verbinden',
        ssid: 'Netzwerkname',
        security: 'Sicherheit',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'Keine' },
        password: 'Netzwerkpasswort',
        passwordHelp: 'Es wird in den Code geschrieben: Bewahren Sie gedruckte Codes sicher auf.',
        preview: 'Einrichtungscode für Lesegeräte von %{account}',
        downloadPng: 'PNG herunterladen',
        downloadSvg: 'SVG herunterladen',
        failed: 'Der Code konnte nicht erstellt werden',
    },
};
export default de;
