import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { roles: 'Roles' },
    resources: {
        roles: {
            name: 'Rol |||| Roles',
            intro: 'Cada usuario tiene un rol. Los roles van del administrador de la plataforma al usuario de la cuenta; esta tabla es lo que aplica el servidor.',
            assignable: 'Puede asignar este rol',
            notAssignable: 'No puede asignar este rol',
            matrix: 'Derechos por rol',
            resource: 'Recurso',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Perfiles',
                backup: 'Copia de seguridad',
                restore: 'Restauración',
                importExport: 'Importar/exportar',
                version: 'Detalles de la versión',
                optOut: 'Exclusión biométrica',
                adaptive: '2FA adaptativa',
                visitors: 'Visitantes',
                mainAccount: 'Cuenta principal de la plataforma',
            },
            actions: {
                read: 'leer',
                write: 'escribir',
                edit: 'editar',
                delete: 'eliminar',
                export: 'exportar',
                bulk_edit: 'editar en bloque',
                bulk_delete: 'eliminar en bloque',
                bulk_reboot: 'reiniciar en bloque',
                download_config: 'descargar la configuración',
            },
        },
    },
};
export default es;
