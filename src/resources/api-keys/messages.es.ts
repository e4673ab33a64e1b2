import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const es: Messages = {
    resources: {
        api_keys: {
            section: 'Claves de API',
            intro: 'Los programas llaman a la API de la plataforma con una clave de esta cuenta en el encabezado X-API-Key. Una clave tiene los derechos de su rol en esta cuenta (y, para los roles que llegan a ellas, en las cuentas que dependen de ella), como un usuario de ese rol. Revoque las claves que ya no se usen o que puedan haberse filtrado.',
            empty: 'Esta cuenta no tiene claves de API.',
            never: 'Nunca',
            neverUsed: 'Aún no se ha usado',
            fields: {
                description: 'Descripción',
                role: 'Rol',
                prefix: 'La clave empieza por',
                created: 'Creada',
                expires_at: 'Caduca',
                last_used: 'Último uso',
                status: 'Estado',
            },
            status: { active: 'Activa', expired: 'Caducada', revoked: 'Revocada' },
            create: {
                open: 'Crear clave de API',
                title: 'Crear clave de API',
                run: 'Crear',
                descriptionHelp: 'Para qué sirve la clave, por ejemplo el programa que la usa',
                tooLong: '%{max} caracteres como máximo',
                roleHelp: 'La clave obtiene los derechos de este rol',
                expiryHelp: 'Opcional: la clave deja de funcionar después de este día',
                pastDay: 'Elija hoy o un día posterior',
            },
            created: {
                title: 'Clave de API creada',
                warning: 'Copie la clave ahora y guárdela en un lugar seguro: no se volverá a mostrar.',
                key: 'Clave de API',
                copy: 'Copiar la clave',
                copied: 'Clave copiada',
                usage: 'Envíela en el encabezado %{header} de cada solicitud.',
                done: 'Hecho',
            },
            revoke: {
                run: 'Revocar',
                label: 'Revocar %{description}',
                confirmTitle: '¿Revocar la clave de API %{description}?',
                confirmContent: 'A partir de ahora se rechazarán los programas que usen esta clave. Esta acción no se puede deshacer.',
            },
            revoked: 'Clave de API %{description} revocada',
            createFailed: 'No se pudo crear la clave de API',
            revokeFailed: 'No se pudo revocar la clave de API',
        },
        roles: { resources: { apiKeys: 'Claves de API' } },
        audit_logs: { resourceNames: { apiKeys: 'Claves de API' }, actionNames: { revoke: 'Revocar' } },
    },
};
export default es;
