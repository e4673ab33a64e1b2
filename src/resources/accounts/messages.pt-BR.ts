import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { accounts: 'Lista de contas', accountSettings: 'Configurações da conta' },
    resources: {
        roles: { resources: { accounts: 'Contas', branding: 'Marca' } },
        audit_logs: { resourceNames: { accounts: 'Contas' } },
        accounts: {
            deleteTitle: 'Excluir a conta “%{name}”?',
            name: 'Conta |||| Contas',
            fields: {
                name: 'Nome',
                ref_number: 'Número de referência',
                type: 'Tipo',
                'address.email': 'E-mail',
                'address.country': 'País',
                'address.city': 'Cidade',
                'address.zip': 'CEP',
                'address.state': 'Estado',
                'address.street_address': 'Endereço',
                'address.phone_number': 'Telefone',
                created_at: 'Criada em',
                q: 'Pesquisar',
            },
            create: 'Criar conta',
            edit: 'Editar conta',
            sections: { details: 'Detalhes', features: 'Recursos', login: 'Preferências de login' },
            options: {
                'acs/enabled': 'Serviço de controle de acesso (integração ACS)',
                'acs/opt_out_enabled': 'Recusa biométrica',
                'acs/provider': 'Provedor ACS',
                'ag/enabled': 'Grupos de acesso',
                'enr/enabled': 'Cadastros pela web',
                'prp/profiles': 'Retenção de perfis (dias)',
                'tfa/enabled': 'Login de dois fatores para os usuários desta conta',
            },
            optionsSaved: 'Configurações da conta salvas',
            main: 'Conta principal da plataforma',
        },
    },
};
export default ptBR;
