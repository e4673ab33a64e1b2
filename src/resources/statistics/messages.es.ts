import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { statistics: 'Estadísticas' },
    resources: {
        roles: { resources: { statistics: 'Estadísticas' } },
    },
    statistics: {
        title: 'Estadísticas',
        intro: 'Eventos de seguridad de %{account}',
        introBelow: 'Eventos de seguridad de %{account} y de las cuentas que dependen de ella',
        empty: 'No hay eventos de seguridad en este periodo.',
        downloadCsv: 'Descargar CSV',
        downloadFailed: 'Error al descargar las estadísticas',
        loadFailed: 'No se pudieron leer las estadísticas',
        total: '%{smart_count} evento |||| %{smart_count} eventos',
        charts: {
            perDay: 'Eventos por día, por grupo',
            byType: 'Eventos por tipo',
            authVsIncidents: 'Autenticaciones frente a incidentes',
            busiestHours: 'Horas de mayor actividad',
            perReader: 'Eventos por lector',
        },
        series: { authentications: 'Autenticaciones', incidents: 'Incidentes', events: 'Eventos' },
        hour: '%{hour}:00',
        noReader: 'Sin lector',
    },
};
export default es;
