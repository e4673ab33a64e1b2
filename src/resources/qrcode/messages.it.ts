import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { qrcode: 'Codice QR' },
    qrcode: {
        title: 'Generatore di codici QR',
        intro: 'Mostra questo codice alla fotocamera di un lettore durante la configurazione: apprende l’indirizzo della piattaforma e si registra in %{account}, dove attende l’approvazione nella pagina Dispositivi.',
        platform: 'Indirizzo della piattaforma',
        code: 'Codice di registrazione',
        wifi: 'Connetti anche a una rete Wi-Fi',
        ssid: 'Nome della rete',
        security: 'Sicurezza',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'Nessuna' },
        password: 'Password della rete',
        passwordHelp: 'È scritta nel codice: conserva al sicuro i codici stampati.',
        preview: 'Codice di configurazione del lettore per %{account}',
        downloadPng: 'Scarica PNG',
        downloadSvg: 'Scarica SVG',
        failed: 'Impossibile generare il codice',
    },
};
export default it;
