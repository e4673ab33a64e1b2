import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { qrcode: 'Código QR' },
    qrcode: {
        title: 'Generador de códigos QR',
        intro: 'Muestre este código a la cámara de un lector mientras lo configura: el lector obtiene la dirección de la plataforma y se registra en %{account}, donde espera la aprobación en la página Dispositivos.',
        platform: 'Dirección de la plataforma',
        code: 'Código de registro',
        wifi: 'Conectarse también a una red Wi-Fi',
        ssid: 'Nombre de la red',
        security: 'Seguridad',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'Ninguna' },
        password: 'Contraseña de la red',
        passwordHelp: 'Queda escrita en el código: guarde los códigos impresos en un lugar seguro.',
        preview: 'Código de configuración de lectores para %{account}',
        downloadPng: 'Descargar PNG',
        downloadSvg: 'Descargar SVG',
        failed: 'No se pudo generar el código',
    },
};
export default es;
