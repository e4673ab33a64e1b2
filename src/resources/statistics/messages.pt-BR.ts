import type { Messages } from '../../plugins/types';

const ptBR: Messages = {
    menu: { statistics: 'Estatísticas' },
    resources: {
        roles: { resources: { statistics: 'Estatísticas' } },
    },
    statistics: {
        title: 'Estatísticas',
        intro: 'Eventos de segurança de %{account}',
        introBelow: 'Eventos de segurança de %{account} e das contas abaixo dela',
        empty: 'Nenhum evento de segurança neste período.',
        downloadCsv: 'Baixar CSV',
        downloadFailed: 'Erro ao baixar as estatísticas',
        loadFailed: 'Não foi possível ler as estatísticas',
        total: '%{smart_count} evento |||| %{smart_count} eventos',
        charts: {
            perDay: 'Eventos por dia, por grupo',
            byType: 'Eventos por tipo',
            authVsIncidents: 'Autenticações versus incidentes',
            busiestHours: 'Horários de maior movimento',
            perReader: 'Eventos por leitor',
        },
        series: { authentications: 'Autenticações', incidents: 'Incidentes', events: 'Eventos' },
        hour: '%{hour}:00',
        noReader: 'Nenhum leitor',
    },
};
export default ptBR;
