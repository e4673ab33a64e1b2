import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { qrcode: 'QR Code' },
    qrcode: {
        title: 'QR Code Generator',
        intro: 'Show this code to a reader’s camera while setting it up: it learns the platform’s address and registers in %{account}, where it waits for approval on the Devices page.',
        platform: 'Platform address',
        code: 'Registration code',
        wifi: 'Also join a Wi-Fi network',
        ssid: 'Network name',
        security: 'Security',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'None' },
        password: 'Network password',
        passwordHelp: 'It is written into the code: keep printed codes safe.',
        preview: 'Reader setup code for %{account}',
        downloadPng: 'Download PNG',
        downloadSvg: 'Download SVG',
        failed: 'The code could not be made',
    },
};
export default en;
