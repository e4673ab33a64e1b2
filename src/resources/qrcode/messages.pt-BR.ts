import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { qrcode: 'QR code' },
    qrcode: {
        title: 'Gerador de QR code',
        intro: 'Mostre este código à câmera de um leitor durante a configuração: ele aprende o endereço da plataforma e se registra em %{account}, onde aguarda aprovação na página Dispositivos.',
        platform: 'Endereço da plataforma',
        code: 'Código de registro',
        wifi: 'Conectar também a uma rede Wi-Fi',
        ssid: 'Nome da rede',
        security: 'Segurança',
        securities: { WPA: 'WPA/WPA2', WEP: 'WEP', nopass: 'Nenhuma' },
        password: 'Senha da rede',
        passwordHelp: 'Ela fica gravada no código: guarde os códigos impressos em local seguro.',
        preview: 'Código de configuração de leitor para %{account}',
        downloadPng: 'Baixar PNG',
        downloadSvg: 'Baixar SVG',
        failed: 'Não foi possível gerar o código',
    },
};
export default ptBR;
