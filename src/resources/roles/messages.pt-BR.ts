import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { roles: 'Funções' },
    resources: {
        roles: {
            name: 'Função |||| Funções',
            intro: 'Cada usuário tem uma função. As funções vão do administrador da plataforma até o usuário da conta; esta tabela é o que o servidor aplica.',
            assignable: 'Você pode atribuir esta função',
            notAssignable: 'Você não pode atribuir esta função',
            matrix: 'Direitos por função',
            resource: 'Recurso',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Perfis',
                backup: 'Backup',
                restore: 'Restauração',
                importExport: 'Importação/exportação',
                version: 'Detalhes da versão',
                optOut: 'Recusa',
                adaptive: '2FA adaptativo',
                visitors: 'Visitantes',
                mainAccount: 'Conta principal da plataforma',
            },
            actions: {
                read: 'ler',
                write: 'gravar',
                edit: 'editar',
                delete: 'excluir',
                export: 'exportar',
                bulk_edit: 'editar em massa',
                bulk_delete: 'excluir em massa',
                bulk_reboot: 'reiniciar em massa',
                download_config: 'baixar configuração',
            },
        },
    },
};
export default ptBR;
