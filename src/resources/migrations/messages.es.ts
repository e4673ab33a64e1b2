import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { migrations: 'Migraciones' },
    resources: {
        roles: { resources: { migrations: 'Migraciones' } },
    },
    migrations: {
        title: 'Migraciones del sistema',
        intro: 'Lo que los servidores cambian en la base de datos: su esquema y los datos que cada servidor coloca en ella. Un servidor las aplica por sí mismo al arrancar; esta pantalla muestra en qué estado se encuentra la base de datos.',
        states: { applied: 'Aplicada', pending: 'Pendiente', done: 'Hecha' },
        notRecorded: 'No registrado',
        ahead: {
            title: 'La base de datos tiene %{smart_count} migración que este servidor no conoce |||| La base de datos tiene %{smart_count} migraciones que este servidor no conoce',
            text: 'Una versión más reciente del servidor las ha ejecutado. Actualice este servidor a esa versión: un servidor más antiguo puede no funcionar con el esquema más reciente.',
        },
        schema: {
            title: 'Migraciones del esquema',
            applied_count: '%{smart_count} aplicada |||| %{smart_count} aplicadas',
            pending_count: '%{smart_count} pendiente |||| %{smart_count} pendientes',
            index: 'N.º',
            tag: 'Migración',
            written: 'Escrita el',
            applied: 'Aplicada el',
            version: 'Aplicada por la versión',
            state: 'Estado',
        },
        data: {
            title: 'Migraciones de datos',
            intro: 'Lo que cada servidor coloca en la base de datos, además del esquema, al arrancar, cada una con una comprobación de que está presente.',
            description: 'Descripción',
            state: 'Estado',
            detail: 'Detalle',
            descriptions: {
                'predefined-card-formats': 'Los formatos de tarjeta predefinidos, añadidos y actualizados en cada arranque',
                'platform-identity':
                    'El ID de la plataforma (que nombra sus copias de seguridad) y su clave de firma de tokens, creados en el primer arranque',
            },
        },
    },
};
export default es;
