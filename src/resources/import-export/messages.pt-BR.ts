import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const ptBR: Messages = {
    resources: {
        import_export: {
            section: 'Importação/exportação',
            export: {
                title: 'Exportar os dados desta conta',
                help: 'O platform_data.zip contém as configurações, formatos de cartão, grupos de acesso, leitores, parâmetros de dispositivos, listas de crachás e perfis da conta com seus crachás e grupos de acesso, para importação em outra conta, nesta plataforma ou em outra. Senhas, imagens faciais e consentimentos não são incluídos.',
                run: 'Exportar',
                working: 'Preparando o platform_data.zip',
                ready: 'O platform_data.zip está pronto. Ele fica disponível por um dia.',
                download: 'Baixar o platform_data.zip',
                failed: 'Falha na exportação',
            },
            import: {
                title: 'Importar um platform_data.zip',
                help: 'Adiciona a esta conta os dados de um platform_data.zip exportado de uma conta, nesta plataforma ou em outra. Um relatório lista o que ficou de fora e por quê.',
                choose: 'Escolher um platform_data.zip',
                run: 'Importar',
                tooLarge: 'O arquivo é maior que %{mb} MB.',
                confirmTitle: 'Importar %{file} para esta conta?',
                confirmContent:
                    'A importação adiciona a esta conta o que o arquivo contém e a conta ainda não tem: configurações que ela não definiu, formatos de cartão, grupos de acesso, leitores, listas de crachás (recusa biométrica, dois fatores adaptativo, exclusão) e perfis com seus crachás e grupos de acesso. Os parâmetros de dispositivos do arquivo são aplicados aos dispositivos desta conta com o mesmo ID de hardware. Nada que já está na conta é excluído; o que não puder ser adicionado é listado no relatório.',
                working: 'Importando o platform_data.zip',
                done: 'Importação concluída',
                report: 'Baixar o relatório',
                failed: 'Falha na importação',
            },
            downloadFailed: 'Falha no download',
        },
    },
};
export default ptBR;
