import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { users: 'Usuários' },
    resources: {
        roles: { resources: { users: 'Usuários' } },
        audit_logs: { resourceNames: { users: 'Usuários' } },
        users: {
            deleteTitle: 'Excluir o usuário “%{name}”?',
            name: 'Usuário |||| Usuários',
            listEmpty:
                'Cada pessoa que entra neste console é usuária de uma conta, com uma função. Crie um usuário para cada pessoa que trabalha na conta.',
            emailPending: 'Usuário modificado',
            emailPendingText: 'Um link de confirmação foi enviado para %{email}. Seu endereço muda quando você o abrir.',
            confirmEmail: {
                title: 'Confirme seu novo endereço de e-mail',
                confirming: 'Confirmando…',
                done: 'Seu endereço de e-mail foi alterado. A partir de agora, entre com ele.',
                signIn: 'Entrar',
            },
            fields: {
                name: 'Nome',
                email: 'E-mail',
                username: 'Nome de usuário',
                role: 'Função',
                'account.id': 'Conta',
                account: 'Conta',
                external_user: 'Usuário externo',
                tfa_enabled: 'Dois fatores',
                created_at: 'Criado em',
                password: 'Senha',
                confirm: 'Confirmar senha',
                current_password: 'Senha atual',
                q: 'Pesquisar',
            },
            create: 'Criar usuário',
            edit: 'Editar usuário',
            passwordHelp: 'Deixe em branco para manter a senha atual.',
            newUserPasswordHelp: 'Uma senha temporária: o usuário escolhe a própria no primeiro login.',
            ownRole: 'Você não pode alterar a sua própria função.',
            adminWarning: {
                title: 'Função de administrador da plataforma selecionada',
                content: 'O administrador da plataforma pode ver e alterar todas as contas da plataforma. Tem certeza?',
                proceed: 'Prosseguir',
            },
            tfaReset: 'Redefinir o login de dois fatores',
            tfaResetDone: 'login de dois fatores redefinido com sucesso',
            tfaResetFailed: 'Ocorreu um erro ao redefinir o login 2FA. Tente novamente.',
        },
    },
};
export default ptBR;
