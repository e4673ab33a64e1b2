import type { Messages } from '../../plugins/types';

export const qrCodeMessages: { en: Messages; fr: Messages } = {
    en: {
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
    },
    fr: {
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
    },
};
