import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { search: 'Búsqueda' },
    search: {
        title: 'Búsqueda',
        intro: 'Los nombres, las descripciones, los correos electrónicos y las direcciones de hardware coinciden por cualquier parte; un ID de ACS y una credencial (NÚMERO o FC:NÚMERO) coinciden completos.',
        box: { label: 'Buscar', placeholder: 'Buscar… ( / )' },
        none: 'Nada de lo que usted puede ver coincide con “%{q}”.',
        more: 'Solo se muestran los %{n} primeros: escriba más texto para acotar los resultados.',
        shortcut: 'Desde cualquier página, pulse',
        kinds: {
            accounts: 'Cuentas',
            users: 'Usuarios',
            devices: 'Dispositivos',
            readers: 'Lectores',
            access_groups: 'Grupos de acceso',
            profiles: 'Perfiles',
            badges: 'ID de credencial',
            deployments: 'Despliegues de firmware',
            firmware: 'Versiones de firmware',
        },
    },
};
export default es;
