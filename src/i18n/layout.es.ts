import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const es: Messages = {
    menu: { dashboard: 'Panel' },
    resources: {
        roles: { resources: { dashboard: 'Panel' } },
    },
    layout: {
        customerAccount: 'Cuenta de cliente',
        backToMyAccount: 'Volver a mi cuenta',
        version: 'Versión %{version}',
        accountType: { platform: 'Plataforma', dealer: 'Distribuidor', customer: 'Cliente' },
        switch: {
            button: 'Cambiar de cuenta',
            title: 'Cambiar de cuenta',
            search: 'Buscar cuentas',
            accounts: 'Cuentas',
            mine: 'mi cuenta',
            current: 'actual',
            none: 'Ninguna cuenta coincide.',
            failed: 'No se pudieron cargar las cuentas.',
            ownActive: 'Cuenta de distribuidor %{account} activa',
            active: '%{account} activa',
            modalText:
                'Ahora está trabajando en %{account}. Las listas, la configuración y los nuevos registros pertenecen a esta cuenta hasta que vuelva a cambiar.',
        },
        userMenu: { settings: 'Configuración', language: 'Idioma', logout: 'Cerrar sesión', shortcuts: 'Atajos de teclado' },
        shortcuts: {
            title: 'Atajos de teclado',
            help: 'Mostrar esta lista',
            search: 'Buscar',
            goTo: 'Ir a %{screen}',
            create: 'Añadir una fila a la lista actual',
            close: 'Cerrar esta lista',
        },
        failure: { text: 'Lo sentimos, la página no está disponible temporalmente.', refresh: 'Actualizar' },
        diskLow: {
            writesRefused:
                'El servidor tiene poco espacio en disco (%{free} libres de %{total}; %{reserve} se mantienen en reserva). No se puede guardar, subir ni recibir de los lectores nada nuevo hasta que se libere espacio; los lectores conservan sus eventos y los enviarán más tarde. Eliminar firmware o eventos antiguos libera espacio.',
            imagesPaused:
                'Al servidor le empieza a faltar espacio en disco (%{free} libres de %{total}). Los eventos se registran sin sus imágenes hasta que se libere espacio.',
        },
    },
    time: {
        seconds: 'hace %{smart_count} s',
        minutes: 'hace %{smart_count} min',
        oneHour: 'hace 1 hora',
        hours: 'hace %{smart_count} horas',
        days: 'hace 1 día |||| hace %{smart_count} días',
    },
};
export default es;
