import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { users: 'Usuarios' },
    resources: {
        roles: { resources: { users: 'Usuarios' } },
        audit_logs: { resourceNames: { users: 'Usuarios' } },
        users: {
            deleteTitle: '¿Eliminar el usuario «%{name}»?',
            name: 'Usuario |||| Usuarios',
            listEmpty:
                'Cada persona que inicia sesión en esta consola es un usuario de una cuenta, con un rol. Cree uno para cada persona que trabaja en la cuenta.',
            emailPending: 'Usuario modificado',
            emailPendingText: 'Se envió un enlace de confirmación a %{email}. Su dirección cambia cuando lo abra.',
            confirmEmail: {
                title: 'Confirme su nueva dirección de correo electrónico',
                confirming: 'Confirmando…',
                done: 'Su dirección de correo electrónico ha cambiado. A partir de ahora, inicie sesión con ella.',
                signIn: 'Iniciar sesión',
            },
            fields: {
                name: 'Nombre',
                email: 'Correo electrónico',
                username: 'Nombre de usuario',
                role: 'Rol',
                'account.id': 'Cuenta',
                account: 'Cuenta',
                external_user: 'Usuario externo',
                tfa_enabled: 'Dos factores',
                created_at: 'Creado',
                password: 'Contraseña',
                confirm: 'Confirmar la contraseña',
                current_password: 'Contraseña actual',
                q: 'Buscar',
            },
            create: 'Crear usuario',
            edit: 'Editar usuario',
            passwordHelp: 'Déjelo vacío para conservar la contraseña actual.',
            newUserPasswordHelp: 'Una contraseña temporal: el usuario elige la suya en su primer inicio de sesión.',
            ownRole: 'No puede cambiar su propio rol.',
            adminWarning: {
                title: 'Rol de administrador de la plataforma seleccionado',
                content: 'El administrador de la plataforma puede ver y modificar todas las cuentas de la plataforma. ¿Está seguro?',
                proceed: 'Continuar',
            },
            tfaReset: 'Restablecer el inicio de sesión en dos factores',
            tfaResetDone: 'inicio de sesión en dos factores restablecido correctamente',
            tfaResetFailed: 'Se produjo un error al restablecer el inicio de sesión en dos factores. Inténtelo de nuevo.',
        },
    },
};
export default es;
