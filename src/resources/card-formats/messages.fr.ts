import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const fr: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Formats de carte' } },
        audit_logs: { resourceNames: { cardFormats: 'Formats de carte' } },
        card_formats: {
            deleteTitle: 'Supprimer le format de carte « %{name} » ?',
            name: 'Format de carte |||| Formats de carte',
            section: 'Formats de carte',
            intro: 'Les formats prédéfinis sont disponibles pour tous les comptes ; ajoutez ceux des cartes de votre site.',
            create: 'Créer un format de carte',
            withFacility: 'Le format contient un code site',
            parity: 'Bits de parité',
            addParity: 'Ajouter un bit de parité',
            preview: 'Site 1, carte 1 donne',
            even: 'paire',
            odd: 'impaire',
            deleteWarning:
                'Supprimer un format de carte supprime définitivement ses badges visiteurs, cartes d’exclusion et événements de sécurité. Les cartes qui l’utilisent doivent d’abord être retirées.',
            types: {
                predefined: 'Prédéfini',
                custom: 'Personnalisé',
            },
            fields: {
                name: 'Nom',
                type: 'Type',
                bits: 'Nombre de bits',
                facility: 'Bits du code site',
                card: 'Bits du numéro de carte',
                parity: 'Parité',
                sample: 'Site 1, carte 1',
                facilityStart: 'Code site à partir du bit',
                facilityLength: 'Bits du code site',
                cardStart: 'Numéro de carte à partir du bit',
                cardLength: 'Bits du numéro de carte',
                position: 'Bit',
                kind: 'Parité',
                covers: 'Bits couverts',
            },
        },
    },
};
export default fr;
