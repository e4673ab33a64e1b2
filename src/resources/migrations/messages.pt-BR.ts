import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { migrations: 'Migrações' },
    resources: {
        roles: { resources: { migrations: 'Migrações' } },
    },
    migrations: {
        title: 'Migrações do sistema',
        intro: 'O que os servidores alteram no banco de dados: o esquema e os dados que cada servidor prepara. Um servidor as aplica sozinho ao iniciar; esta tela mostra em que ponto o banco de dados está.',
        states: { applied: 'Aplicada', pending: 'Pendente', done: 'Concluída' },
        notRecorded: 'Não registrada',
        ahead: {
            title: 'O banco de dados tem %{smart_count} migração que este servidor não conhece |||| O banco de dados tem %{smart_count} migrações que este servidor não conhece',
            text: 'Uma versão mais nova do servidor as executou. Atualize este servidor para essa versão: um servidor mais antigo pode não funcionar com o esquema mais novo.',
        },
        schema: {
            title: 'Migrações de esquema',
            applied_count: '%{smart_count} aplicada |||| %{smart_count} aplicadas',
            pending_count: '%{smart_count} pendente |||| %{smart_count} pendentes',
            index: 'Nº',
            tag: 'Migração',
            written: 'Escrita em',
            applied: 'Aplicada em',
            version: 'Aplicada pela versão',
            state: 'Estado',
        },
        data: {
            title: 'Migrações de dados',
            intro: 'O que cada servidor coloca no banco de dados, além do esquema, ao iniciar, cada item com uma verificação de que está presente.',
            description: 'Descrição',
            state: 'Estado',
            detail: 'Detalhe',
            descriptions: {
                'predefined-card-formats': 'Os formatos de cartão predefinidos, adicionados e mantidos atualizados a cada início',
                'platform-identity':
                    'O id da plataforma (que nomeia seus backups) e sua chave de assinatura de tokens, criados no primeiro início',
            },
        },
    },
};
export default ptBR;
