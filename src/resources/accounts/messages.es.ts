import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { accounts: 'Lista de cuentas', accountSettings: 'Configuración de la cuenta' },
    resources: {
        roles: { resources: { accounts: 'Cuentas', branding: 'Marca' } },
        audit_logs: { resourceNames: { accounts: 'Cuentas' } },
        accounts: {
            deleteTitle: '¿Eliminar la cuenta «%{name}»?',
            name: 'Cuenta |||| Cuentas',
            fields: {
                name: 'Nombre',
                ref_number: 'Número de referencia',
                type: 'Tipo',
                'address.email': 'Correo electrónico',
                'address.country': 'País',
                'address.city': 'Ciudad',
                'address.zip': 'Código postal',
                'address.state': 'Estado o provincia',
                'address.street_address': 'Dirección',
                'address.phone_number': 'Número de teléfono',
                created_at: 'Creada',
                q: 'Buscar',
            },
            create: 'Crear cuenta',
            edit: 'Editar cuenta',
            sections: { details: 'Detalles', features: 'Funciones', login: 'Preferencias de inicio de sesión' },
            options: {
                'acs/enabled': 'Servicio de control de acceso (integración con ACS)',
                'acs/opt_out_enabled': 'Exclusión biométrica',
                'acs/provider': 'Proveedor de ACS',
                'ag/enabled': 'Grupos de acceso',
                'enr/enabled': 'Inscripciones web',
                'prp/profiles': 'Conservación de perfiles (días)',
                'tfa/enabled': 'Inicio de sesión en dos factores para los usuarios de esta cuenta',
            },
            optionsSaved: 'Configuración de la cuenta guardada',
            main: 'Cuenta principal de la plataforma',
        },
    },
};
export default es;
