import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const ptBR: Messages = {
    menu: { accountManagement: 'Gerenciamento de contas' },
    account_management: {
        title: 'Atualizar a conta principal da plataforma',
        intro: 'A conta principal é a conta da organização para a qual esta plataforma foi instalada. Somente a conta principal pode usar o login SSO; seus usuários trabalham apenas na própria conta, sem a lista de contas; os leitores que se registram sem código de registro aguardam aprovação nela.',
        open: 'Abrir a página da conta',
        changeTitle: 'Escolher outra conta principal',
        changeHelp:
            'Torne outra conta a conta principal, por exemplo quando a organização atendida por esta plataforma passar a ter uma conta própria.',
        account: 'Nova conta principal',
        change: 'Tornar conta principal',
        confirmTitle: 'Tornar %{name} a conta principal?',
        confirmContent:
            '%{name} passa a ser a conta principal da plataforma no lugar de %{current}. A partir daí, somente %{name} pode usar o login SSO, seus usuários trabalham apenas na própria conta e os leitores que se registram sem código de registro aguardam aprovação em %{name}. %{current} passa a ser uma conta como as outras: seus usuários perdem o login SSO.',
        changed: '%{name} agora é a conta principal',
        failed: 'A conta principal não foi alterada',
    },
};
export default ptBR;
