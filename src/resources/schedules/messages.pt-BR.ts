import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const ptBR: Messages = {
    menu: { schedules: 'Faixas horárias' },
    resources: {
        roles: { resources: { schedules: 'Faixas horárias' } },
        audit_logs: { resourceNames: { schedules: 'Faixas horárias' } },
        schedules: {
            name: 'Faixa horária |||| Faixas horárias',
            listEmpty: {
                write: 'Uma faixa horária define os horários em que os membros de um grupo de acesso podem passar; um grupo sem faixa horária fica sempre liberado. Adicione uma e depois escolha-a em um grupo de acesso.',
                read: 'Uma faixa horária define os horários em que os membros de um grupo de acesso podem passar; um grupo sem faixa horária fica sempre liberado. Os administradores e instaladores da conta as criam.',
            },
            createsIn:
                'A faixa horária é adicionada a %{account}. Para adicioná-la a outra conta, escolha primeiro essa conta no filtro Conta da lista.',
            add: 'Adicionar faixa horária',
            zoneHelp: 'Um fuso horário IANA, como America/Sao_Paulo. Em branco: o fuso horário da conta ou, na falta dele, UTC.',
            holidaysHelp: 'Uma data no formato AAAA-MM-DD, ou MM-DD para todos os anos. Sem horário de funcionamento: fechado nesse dia.',
            exceptionsHelp: 'Uma data no formato AAAA-MM-DD cujo horário de funcionamento substitui o da semana e o dos feriados.',
            week: { title: 'Semana' },
            days: { mon: 'Seg', tue: 'Ter', wed: 'Qua', thu: 'Qui', fri: 'Sex', sat: 'Sáb', sun: 'Dom' },
            fields: {
                name: 'Nome',
                time_zone: 'Fuso horário',
                groups_count: 'Grupos de acesso',
                created_at: 'Criada em',
                windows: 'Janelas semanais',
                holidays: 'Feriados',
                exceptions: 'Exceções',
                openHours: 'Horário de funcionamento',
                day: 'Dia',
                start: 'Início',
                end: 'Fim',
                date: 'Data',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Faixa horária' },
            alwaysOpen: 'Sempre (sem faixa horária)',
            scheduleHelp: 'Os membros passam somente dentro das janelas da faixa horária.',
        },
    },
    'Name is required': 'O nome é obrigatório',
    'An IANA time zone, such as Europe/Paris': 'Um fuso horário IANA, como America/Sao_Paulo',
    'A time from 00:00 to 24:00': 'Um horário de 00:00 a 24:00',
    'The window must end after it starts': 'A janela deve terminar depois de começar',
    'A date as YYYY-MM-DD': 'Uma data no formato AAAA-MM-DD',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'Uma data no formato AAAA-MM-DD, ou MM-DD para todos os anos',
    'This date is listed twice': 'Esta data aparece duas vezes',
};
export default ptBR;
