import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const ptBR: Messages = {
    resources: {
        api_keys: {
            section: 'Chaves de API',
            intro: 'Programas chamam a API da plataforma com uma chave desta conta no cabeçalho X-API-Key. Uma chave tem os direitos da sua função nesta conta (e, para as funções que as alcançam, nas contas abaixo dela), como um usuário dessa função. Revogue uma chave que não é mais usada ou que pode ter vazado.',
            empty: 'Esta conta não tem chaves de API.',
            never: 'Nunca',
            neverUsed: 'Ainda não usada',
            fields: {
                description: 'Descrição',
                role: 'Função',
                prefix: 'A chave começa com',
                created: 'Criada em',
                expires_at: 'Expira em',
                last_used: 'Último uso',
                status: 'Status',
            },
            status: { active: 'Ativa', expired: 'Expirada', revoked: 'Revogada' },
            create: {
                open: 'Criar chave de API',
                title: 'Criar chave de API',
                run: 'Criar',
                descriptionHelp: 'Para que serve a chave, por exemplo o programa que a usa',
                tooLong: 'No máximo %{max} caracteres',
                roleHelp: 'A chave recebe os direitos desta função',
                expiryHelp: 'Opcional: a chave deixa de funcionar após este dia',
                pastDay: 'Escolha hoje ou um dia posterior',
            },
            created: {
                title: 'Chave de API criada',
                warning: 'Copie a chave agora e guarde-a em local seguro: ela não será mostrada novamente.',
                key: 'Chave de API',
                copy: 'Copiar a chave',
                copied: 'Chave copiada',
                usage: 'Envie-a no cabeçalho %{header} de cada solicitação.',
                done: 'Concluído',
            },
            revoke: {
                run: 'Revogar',
                label: 'Revogar %{description}',
                confirmTitle: 'Revogar a chave de API %{description}?',
                confirmContent:
                    'Os programas que usam esta chave passam a ser recusados a partir de agora. Esta ação não pode ser desfeita.',
            },
            revoked: 'Chave de API %{description} revogada',
            createFailed: 'Não foi possível criar a chave de API',
            revokeFailed: 'Não foi possível revogar a chave de API',
        },
        roles: { resources: { apiKeys: 'Chaves de API' } },
        audit_logs: { resourceNames: { apiKeys: 'Chaves de API' }, actionNames: { revoke: 'Revogar' } },
    },
};
export default ptBR;
