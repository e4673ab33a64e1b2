import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const ptBR: Messages = {
    menu: { readers: 'Leitores' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Leitores' } },
        readers: {
            deleteTitle: 'Excluir o leitor “%{name}”?',
            name: 'Leitor |||| Leitores',
            listEmpty: {
                write: 'Um leitor é uma porta do sistema de controle de acesso (ACS). Crie um e depois vincule-o ao dispositivo dessa porta.',
                read: 'Um leitor é uma porta do sistema de controle de acesso (ACS). Os administradores e instaladores da conta os criam.',
            },
            createsIn:
                'O leitor é adicionado a %{account}. Para adicioná-lo a outra conta, escolha primeiro essa conta no filtro Conta da lista.',
            create: 'Criar leitor',
            edit: 'Editar leitor',
            notLinked: 'Não vinculado',
            linkedTo: 'Atendido por %{device}',
            takenBy: 'vinculado a %{reader}',
            pickerHelp: 'O dispositivo (rock) desta porta. Deixe em branco para desvincular.',
            filters: { linked: 'Vínculo', linkedYes: 'Vinculado a um dispositivo', linkedNo: 'Não vinculado' },
            statuses: { pending: 'Aguardando aprovação', online: 'Online', offline: 'Offline', rejected: 'Rejeitado' },
            fields: {
                description: 'Leitor',
                hardware_id: 'Dispositivo',
                device: 'Dispositivo',
                status: 'Status do dispositivo',
                updated_at: 'Última alteração',
            },
        },
    },
    'Reader is required': 'O leitor é obrigatório',
    "Choose a device of the reader's account": 'Escolha um dispositivo da conta do leitor',
};
export default ptBR;
