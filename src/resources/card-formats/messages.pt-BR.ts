import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const ptBR: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Formatos de cartão' } },
        audit_logs: { resourceNames: { cardFormats: 'Formatos de cartão' } },
        card_formats: {
            deleteTitle: 'Excluir o formato de cartão “%{name}”?',
            name: 'Formato de cartão |||| Formatos de cartão',
            section: 'Formatos de cartão',
            intro: 'Os formatos predefinidos estão disponíveis para todas as contas; adicione os formatos que os cartões do seu local usam.',
            create: 'Criar formato de cartão',
            withFacility: 'O formato contém um código da instalação',
            parity: 'Bits de paridade',
            addParity: 'Adicionar um bit de paridade',
            preview: 'Instalação 1, cartão 1 resulta em',
            even: 'par',
            odd: 'ímpar',
            deleteWarning:
                'Excluir um formato de cartão exclui permanentemente seus crachás de visitante, cartões de exclusão e eventos de segurança. Os cartões que o usam devem ser removidos primeiro.',
            types: {
                predefined: 'Predefinido',
                custom: 'Personalizado',
            },
            fields: {
                name: 'Nome',
                type: 'Tipo',
                bits: 'Número de bits',
                facility: 'Bits do código da instalação',
                card: 'Bits do número do cartão',
                parity: 'Paridade',
                sample: 'Instalação 1, cartão 1',
                facilityStart: 'Código da instalação a partir do bit',
                facilityLength: 'Bits do código da instalação',
                cardStart: 'Número do cartão a partir do bit',
                cardLength: 'Bits do número do cartão',
                position: 'Bit',
                kind: 'Paridade',
                covers: 'Cobre os bits',
            },
        },
    },
};
export default ptBR;
