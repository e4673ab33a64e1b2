import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const ptBR: Messages = {
    menu: { accessGroups: 'Grupos de acesso' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Grupos de acesso' },
            actionNames: {
                make_default: 'Tornar padrão',
                add_profiles: 'Adicionar portadores de crachá',
                remove_profile: 'Remover um portador de crachá',
            },
        },
        access_groups: {
            name: 'Grupo de acesso |||| Grupos de acesso',
            listEmpty: {
                write: 'Um grupo de acesso libera a passagem dos seus membros nos dispositivos que o atendem. Adicione um e depois atribua dispositivos e membros a ele.',
                read: 'Um grupo de acesso libera a passagem dos seus membros nos dispositivos que o atendem. Os administradores e instaladores da conta os criam.',
            },
            createsIn:
                'O grupo é adicionado a %{account}. Para adicioná-lo a outra conta, escolha primeiro essa conta no filtro Conta da lista.',
            add: 'Adicionar grupo de acesso',
            edit: 'Editar grupo de acesso',
            default: 'Padrão',
            makeDefault: 'Tornar padrão',
            defaultDeleteTooltip: 'Este é o grupo de acesso padrão: escolha outro padrão primeiro.',
            defaultLocked: 'O grupo padrão da conta. Para alterá-lo, torne outro grupo o padrão.',
            defaultHelp: 'Os dispositivos aprovados na conta atendem o grupo padrão até receberem outra indicação.',
            intro: 'Os perfis de um grupo passam nos dispositivos que o atendem.',
            fields: {
                description: 'Descrição',
                default_group: 'Grupo padrão',
                devices_count: 'Dispositivos',
                profiles_count: 'Membros',
                created_at: 'Criado em',
            },
            devices: {
                title: 'Dispositivos',
                empty: 'Nenhum dispositivo atende este grupo: seus membros ainda não passam em lugar nenhum.',
                add: 'Adicionar dispositivo',
                choose: 'Dispositivo a adicionar',
                remove: 'Deixar de atender este grupo',
                confirmRemove: '%{device} deve deixar de atender %{group}?',
                confirmRemoveContent:
                    'Os membros do grupo deixam de passar neste dispositivo, a menos que outro grupo atendido por ele os inclua.',
                description: 'Dispositivo',
                hardware_id: 'ID de hardware',
                status: 'Status',
                statuses: { pending: 'Aguardando aprovação', online: 'Online', offline: 'Offline', rejected: 'Rejeitado' },
            },
            members: {
                title: 'Membros',
                empty: 'Nenhum portador de crachá está neste grupo.',
                add: 'Adicionar membro',
                choose: 'Perfil a adicionar (pesquise pelo ID ACS)',
                search: 'Pesquisar pelo ID ACS',
                remove: 'Remover do grupo',
                confirmRemove: 'Remover %{profile} de %{group}?',
                confirmRemoveContent:
                    'Os dispositivos que atendem o grupo deixam de liberar a passagem desta pessoa, a menos que outro dos grupos dela a inclua.',
                acs_id: 'ID ACS',
                status: 'Status',
                badges: 'IDs de crachá',
                noAcsId: 'Perfil nº %{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'tornou padrão',
                add_devices: 'adicionou dispositivos a',
                remove_device: 'removeu um dispositivo de',
                add_profiles: 'adicionou membros a',
                remove_profile: 'removeu um membro de',
                grant_access: 'concedeu acesso a',
                revoke_access: 'revogou o acesso de',
            },
        },
    },
    'Description is required': 'A descrição é obrigatória',
    'Choose at least one device': 'Escolha pelo menos um dispositivo',
    'Choose at least one profile': 'Escolha pelo menos um perfil',
};
export default ptBR;
