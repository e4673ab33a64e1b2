import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const ptBR: Messages = {
    app: {
        name: 'Console de acesso',
        ok: 'OK',
        confirmDelete: { title: 'Excluir “%{name}”?', content: 'Esta ação não pode ser desfeita.' },
        export: 'Exportar',
        exports: {
            nothing: 'Nada para exportar: nenhuma linha corresponde aos filtros atuais.',
            notAllowed: 'Sua função (%{role}) não pode exportar esta lista.',
        },
        lists: {
            account: 'Conta',
            allAccounts: 'Todas as minhas contas',
            nothingYet: 'Nada aqui ainda.',
            noMatch: 'Nada corresponde a estes filtros.',
            clearFilters: 'Limpar os filtros',
        },
        yes: 'Sim',
        no: 'Não',
        roles: {
            admin: 'Administrador da plataforma',
            dealer: 'Administrador revendedor',
            installer: 'Instalador',
            moderator: 'Administrador da conta',
            manager: 'Gerente da conta',
            user: 'Usuário da conta',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Contas',
            permissions: 'Permissões',
            deviceManagement: 'Gerenciamento de dispositivos',
            profiles: 'Perfis',
            systemManager: 'Gerenciamento do sistema',
        },
    },
};
export default ptBR;
