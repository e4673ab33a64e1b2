import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const es: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Formatos de tarjeta' } },
        audit_logs: { resourceNames: { cardFormats: 'Formatos de tarjeta' } },
        card_formats: {
            deleteTitle: '¿Eliminar el formato de tarjeta «%{name}»?',
            name: 'Formato de tarjeta |||| Formatos de tarjeta',
            section: 'Formatos de tarjeta',
            intro: 'Los formatos predefinidos están disponibles para todas las cuentas; añada los formatos que usan las tarjetas de su instalación.',
            create: 'Crear formato de tarjeta',
            withFacility: 'El formato incluye un código de instalación',
            parity: 'Bits de paridad',
            addParity: 'Añadir un bit de paridad',
            preview: 'Instalación 1, tarjeta 1 da',
            even: 'par',
            odd: 'impar',
            deleteWarning:
                'Eliminar un formato de tarjeta elimina definitivamente sus credenciales de visitante, sus tarjetas de exclusión y sus eventos de seguridad. Antes hay que quitar las tarjetas que lo usan.',
            types: {
                predefined: 'Predefinido',
                custom: 'Personalizado',
            },
            fields: {
                name: 'Nombre',
                type: 'Tipo',
                bits: 'Número de bits',
                facility: 'Bits del código de instalación',
                card: 'Bits del número de tarjeta',
                parity: 'Paridad',
                sample: 'Instalación 1, tarjeta 1',
                facilityStart: 'Código de instalación desde el bit',
                facilityLength: 'Bits del código de instalación',
                cardStart: 'Número de tarjeta desde el bit',
                cardLength: 'Bits del número de tarjeta',
                position: 'Bit',
                kind: 'Paridad',
                covers: 'Bits cubiertos',
            },
        },
    },
};
export default es;
