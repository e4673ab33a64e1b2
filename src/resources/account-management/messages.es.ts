import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const es: Messages = {
    menu: { accountManagement: 'Gestión de cuentas' },
    account_management: {
        title: 'Actualizar la cuenta principal de la plataforma',
        intro: 'La cuenta principal es la cuenta de la organización para la que se instaló esta plataforma. Solo la cuenta principal puede usar el inicio de sesión SSO; sus usuarios trabajan únicamente en su propia cuenta, sin la lista de cuentas; los lectores que se registran sin código de registro esperan la aprobación en ella.',
        open: 'Abrir la página de su cuenta',
        changeTitle: 'Elegir otra cuenta principal',
        changeHelp:
            'Convierta otra cuenta en la cuenta principal, por ejemplo cuando la organización a la que sirve esta plataforma pasa a tener una cuenta propia.',
        account: 'Nueva cuenta principal',
        change: 'Convertirla en la cuenta principal',
        confirmTitle: '¿Convertir %{name} en la cuenta principal?',
        confirmContent:
            '%{name} pasa a ser la cuenta principal de la plataforma en lugar de %{current}. A partir de entonces solo %{name} puede usar el inicio de sesión SSO, sus usuarios trabajan únicamente en su propia cuenta y los lectores que se registran sin código de registro esperan la aprobación en %{name}. %{current} pasa a ser una cuenta como las demás: sus usuarios pierden el inicio de sesión SSO.',
        changed: '%{name} es ahora la cuenta principal',
        failed: 'No se cambió la cuenta principal',
    },
};
export default es;
