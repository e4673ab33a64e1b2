import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { auditLogs: 'Registro de auditoría' },
    resources: {
        roles: { resources: { auditLogs: 'Registro de auditoría' } },
        audit_logs: {
            name: 'Registro de auditoría |||| Registro de auditoría',
            listEmpty: 'Cada cambio hecho en la consola o por la API se registra aquí, con su autor y su fecha.',
            fields: {
                timestamp: 'Hora',
                user_name: 'Usuario',
                action: 'Acción',
                resource: 'Recurso',
                entity: 'Entidad',
                entity_id: 'ID de la entidad',
                account_name: 'Cuenta',
                request_id: 'ID de la solicitud',
                date_from: 'Periodo',
                q: 'Buscar',
            },
            details: 'Entrada de auditoría',
            before: 'Antes',
            after: 'Después',
            // The platform's own entries and those of features not in the console yet: each feature names its entries.
            resourceNames: {
                system: 'Gestión del sistema',
                profiles: 'Perfiles',
            },
            actionNames: {
                create: 'Crear',
                update: 'Actualizar',
                delete: 'Eliminar',
                login: 'Inicio de sesión',
                logout: 'Cierre de sesión',
                read: 'Leer',
                reset_password: 'Restablecimiento de contraseña',
                reset_password_requested: 'Restablecimiento de contraseña solicitado',
                email_taken: 'Intento con la dirección de otra cuenta',
                grant_access: 'Conceder acceso',
                revoke_access: 'Retirar acceso',
            },
            ranges: { today: 'Hoy', last3Days: 'Últimos 3 días', last15Days: 'Últimos 15 días', lastMonth: 'Último mes' },
        },
    },
};
export default es;
