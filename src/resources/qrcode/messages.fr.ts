import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { qrcode: 'Code QR' },
    qrcode: {
        title: 'Générateur de QR code',
        intro: 'Présentez ce code à la caméra d’un lecteur pendant sa configuration : il apprend l’adresse de la plateforme et s’enregistre dans %{account}, où il attend d’être approuvé sur la page Appareils.',
        platform: 'Adresse de la plateforme',
        code: 'Code d’enregistrement',
        wifi: 'Rejoindre aussi un réseau Wi-Fi',
        ssid: 'Nom du réseau',
        security: 'Sécurité',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'Aucune' },
        password: 'Mot de passe du réseau',
        passwordHelp: 'Il est inscrit dans le code : gardez les codes imprimés en lieu sûr.',
        preview: 'Code de configuration des lecteurs pour %{account}',
        downloadPng: 'Télécharger en PNG',
        downloadSvg: 'Télécharger en SVG',
        failed: 'Le code n’a pas pu être produit',
    },
};
export default fr;
