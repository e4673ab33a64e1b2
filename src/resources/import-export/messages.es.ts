import type { Messages } from '../../plugins/types';

/** Texts of the import/export section of the account page. */
const es: Messages = {
    resources: {
        import_export: {
            section: 'Importar/exportar',
            export: {
                title: 'Exportar los datos de esta cuenta',
                help: 'platform_data.zip contiene la configuración de la cuenta, los formatos de tarjeta, los grupos de acceso, los lectores, los parámetros de los dispositivos, las listas de credenciales y los perfiles con sus credenciales y grupos de acceso, para importarlos en otra cuenta, de esta plataforma o de otra. No contiene contraseñas, imágenes faciales ni consentimientos.',
                run: 'Exportar',
                working: 'Preparando platform_data.zip',
                ready: 'platform_data.zip está listo. Se conserva durante un día.',
                download: 'Descargar platform_data.zip',
                failed: 'Error en la exportación',
            },
            import: {
                title: 'Importar un platform_data.zip',
                help: 'Añade a esta cuenta los datos de un platform_data.zip exportado desde una cuenta, de esta plataforma o de otra. Un informe indica lo que se omitió y por qué.',
                choose: 'Elegir un platform_data.zip',
                run: 'Importar',
                tooLarge: 'El archivo ocupa más de %{mb} MB.',
                confirmTitle: '¿Importar %{file} en esta cuenta?',
                confirmContent:
                    'La importación añade a esta cuenta lo que contiene el archivo y la cuenta todavía no tiene: la configuración que no ha definido, los formatos de tarjeta, los grupos de acceso, los lectores, las listas de credenciales (exclusión biométrica, autenticación en dos factores adaptativa, exclusión) y los perfiles con sus credenciales y grupos de acceso. Los parámetros de dispositivo del archivo se aplican a los dispositivos de esta cuenta con el mismo ID de hardware. No se elimina nada de lo que ya hay en la cuenta; lo que no se pueda añadir figura en el informe.',
                working: 'Importando platform_data.zip',
                done: 'Importación terminada',
                report: 'Descargar el informe',
                failed: 'Error en la importación',
            },
            downloadFailed: 'Error en la descarga',
        },
    },
};
export default es;
