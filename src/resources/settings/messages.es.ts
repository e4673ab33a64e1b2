import type { Messages } from '../../plugins/types';

const es: Messages = {
    menu: { settings: 'Configuración' },
    resources: {
        roles: { resources: { systemSettings: 'Configuración del sistema' } },
    },
    settings: {
        title: 'Configuración',
        intro: 'Configuración de toda la plataforma. El entorno del servidor proporciona sus valores iniciales; un valor guardado aquí lo sustituye al instante, en todas las instancias del servidor.',
        sections: {
            mail: {
                title: 'Dirección y correo',
                intro: 'Dónde acceden los usuarios a la consola y cómo envía la plataforma los correos electrónicos.',
            },
            signIn: {
                title: 'Inicio de sesión y sesiones',
                intro: 'Cuánto dura un inicio de sesión y qué ocurre tras los intentos fallidos.',
            },
            readers: {
                title: 'Lectores',
                intro: 'Con qué frecuencia informan los lectores y cuándo se considera sin conexión un lector que no responde.',
            },
            retention: {
                title: 'Conservación predeterminada',
                intro: 'Cuánto tiempo conserva una cuenta sus eventos de seguridad y sus imágenes cuando no ha definido una política propia.',
            },
            backups: { title: 'Copias de seguridad', intro: 'Copias de seguridad de toda la plataforma, realizadas de forma programada.' },
            enrollment: {
                title: 'Inscripción web',
                intro: 'Invitaciones a inscribir el rostro, enviadas por correo electrónico a las direcciones que indica el personal de las cuentas.',
            },
        },
        fields: {
            public_url: {
                label: 'Dirección pública de la consola',
                help: 'La dirección que abren los usuarios; los enlaces de los correos electrónicos apuntan a ella.',
            },
            mail_from: {
                label: 'Remitente de los correos electrónicos',
                help: 'El remitente de todos los correos electrónicos, por ejemplo Access Console <no-reply@example.com>.',
            },
            smtp_url: { label: 'Servidor SMTP' },
            access_token_ttl_seconds: {
                label: 'Duración del token de acceso',
                help: 'Cuánto tiempo se confía en un inicio de sesión antes de que la consola lo renueve en segundo plano.',
            },
            refresh_token_ttl_seconds: {
                label: 'Duración del token de actualización',
                help: 'Una consola que se deja sin usar más tiempo que este debe volver a iniciar sesión.',
            },
            session_max_seconds: {
                label: 'Duración máxima de la sesión',
                help: 'Una sesión termina cuando pasa este tiempo desde el inicio de sesión, por mucha actividad que tenga.',
            },
            max_failed_logins: {
                label: 'Inicios de sesión fallidos antes del bloqueo',
                help: 'Intentos fallidos con una misma dirección de correo electrónico dentro de la duración del bloqueo; el siguiente intento se rechaza.',
            },
            lockout_seconds: {
                label: 'Duración del bloqueo',
                help: 'Durante cuánto tiempo cuentan los inicios de sesión fallidos y cuánto espera un usuario bloqueado antes de volver a intentarlo.',
            },
            device_heartbeat_seconds: { label: 'Señal de actividad cada', help: 'Con qué frecuencia informan los lectores al servidor.' },
            device_offline_seconds: {
                label: 'Sin conexión después de',
                help: 'Un lector que no responde durante este tiempo se considera sin conexión. Más de una señal de actividad.',
            },
            event_images_default_days: {
                label: 'Conservación de imágenes de eventos',
                help: 'Para las cuentas que no definen una política de conservación de imágenes.',
            },
            events_default_days: {
                label: 'Conservación de eventos de seguridad',
                help: 'Para las cuentas que no definen una política de conservación de eventos de seguridad.',
            },
            backup_every_hours: { label: 'Copia de seguridad cada', help: '0: sin copias de seguridad programadas.' },
            backup_keep: {
                label: 'Copias de seguridad conservadas',
                help: 'Las copias de seguridad más antiguas se eliminan tras cada nueva.',
            },
            enrollment_invites_per_day: {
                label: 'Invitaciones por cuenta y día',
                help: 'Correos de invitación, reenvíos incluidos, que una cuenta puede enviar en un día (UTC). Un envío que lo superaría se rechaza entero.',
            },
        },
        units: { seconds: 'segundos', minutes: 'minutos', hours: 'horas', days: 'días' },
        amounts: {
            seconds: '%{smart_count} segundo |||| %{smart_count} segundos',
            minutes: '%{smart_count} minuto |||| %{smart_count} minutos',
            hours: '%{smart_count} hora |||| %{smart_count} horas',
            days: '%{smart_count} día |||| %{smart_count} días',
            attempts: '%{smart_count} intento |||| %{smart_count} intentos',
            backups: '%{smart_count} copia de seguridad |||| %{smart_count} copias de seguridad',
            invitations: '%{smart_count} invitación |||| %{smart_count} invitaciones',
        },
        suffixes: { attempts: 'intentos', days: 'días', hours: 'horas', backups: 'copias', invitations: 'invitaciones' },
        unitOf: 'Unidad de %{field}',
        source: {
            saved: 'Guardado aquí',
            environment: 'Del entorno',
            reset: 'Usar el valor del entorno',
            resetTitle: 'Olvidar el valor guardado aquí: el entorno del servidor vuelve a proporcionarlo',
            resetDone: '%{field}: vuelve a aplicarse el valor del entorno',
            resetFailed: 'Error al volver al valor del entorno',
        },
        smtp: {
            use: 'Enviar los correos electrónicos a través de un servidor SMTP',
            current: 'Servidor actual: %{address}',
            none: 'Sin servidor SMTP: los correos electrónicos se escriben en la carpeta de salida del servidor.',
            address: 'Dirección del servidor SMTP',
            newAddress: 'Nueva dirección del servidor SMTP',
            example: 'smtp:// o smtps://, por ejemplo smtps://usuario:contraseña@mail.example.com',
            keep: 'Déjelo vacío para conservar el servidor actual. Su contraseña nunca se muestra.',
            turnOff: 'Al guardar, los correos electrónicos se escribirán en la carpeta de salida en lugar de enviarse.',
            show: 'Mostrar la dirección',
            hide: 'Ocultar la dirección',
        },
        test: {
            title: 'Enviar un mensaje de prueba',
            intro: 'Envía un mensaje con la configuración de correo guardada, para comprobar que llegan los correos electrónicos de la plataforma.',
            unsaved: 'La prueba usa la configuración guardada: guarde antes sus cambios.',
            to: 'Enviar a',
            send: 'Enviar un mensaje de prueba',
            sentSmtp: 'Enviado a %{email} a través del servidor SMTP.',
            sentOutbox: 'Sin servidor SMTP: el mensaje para %{email} se escribió en la carpeta de salida del servidor.',
            failed: 'No se envió el mensaje',
        },
        discard: 'Descartar los cambios',
        changes: '%{smart_count} cambio sin guardar |||| %{smart_count} cambios sin guardar',
        noChanges: 'No hay cambios sin guardar',
        saved: 'Configuración guardada',
        saveFailed: 'Error al guardar la configuración',
        checkFields: 'Corrija los campos marcados en rojo.',
        errors: {
            number: 'Introduzca un número',
            wholeNumber: 'Introduzca un número entero',
            range: 'De %{min} a %{max}',
            atLeast: 'Al menos %{value}',
            atMost: 'Como máximo %{value}',
            smtpRequired: 'Introduzca la dirección del servidor SMTP',
            publicUrl: 'Introduzca la dirección que abren los usuarios, por ejemplo https://console.example.com',
            smtpUrl: 'Introduzca una dirección smtp:// o smtps://, por ejemplo smtps://usuario:contraseña@mail.example.com',
            mailFrom: 'Introduzca un remitente, por ejemplo Access Console <no-reply@example.com>',
            offlineAfterHeartbeat: 'Un lector debe disponer de más de una señal de actividad antes de considerarse sin conexión',
        },
    },
};
export default es;
