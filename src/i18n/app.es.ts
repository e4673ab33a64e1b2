import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const es: Messages = {
    app: {
        name: 'Consola de acceso',
        ok: 'Aceptar',
        confirmDelete: { title: '¿Eliminar «%{name}»?', content: 'Esta acción no se puede deshacer.' },
        export: 'Exportar',
        exports: {
            nothing: 'Nada que exportar: ninguna fila coincide con los filtros actuales.',
            notAllowed: 'Su rol (%{role}) no puede exportar esta lista.',
        },
        lists: {
            account: 'Cuenta',
            allAccounts: 'Todas mis cuentas',
            nothingYet: 'Todavía no hay nada aquí.',
            noMatch: 'Nada coincide con estos filtros.',
            clearFilters: 'Borrar los filtros',
        },
        yes: 'Sí',
        no: 'No',
        roles: {
            admin: 'Administrador de la plataforma',
            dealer: 'Administrador del distribuidor',
            installer: 'Instalador',
            moderator: 'Administrador de la cuenta',
            manager: 'Gestor de la cuenta',
            user: 'Usuario de la cuenta',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Cuentas',
            permissions: 'Permisos',
            deviceManagement: 'Gestión de dispositivos',
            profiles: 'Perfiles',
            systemManager: 'Gestión del sistema',
        },
    },
};
export default es;
