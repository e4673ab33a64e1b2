import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { accounts: 'Liste des comptes', accountSettings: 'Paramètres du compte' },
    resources: {
        roles: { resources: { accounts: 'Comptes', branding: 'Marque' } },
        audit_logs: { resourceNames: { accounts: 'Comptes' } },
        accounts: {
            deleteTitle: 'Supprimer le compte « %{name} » ?',
            name: 'Compte |||| Comptes',
            fields: {
                name: 'Nom',
                ref_number: 'Numéro de référence',
                type: 'Type',
                'address.email': 'E-mail',
                'address.country': 'Pays',
                'address.city': 'Ville',
                'address.zip': 'Code postal',
                'address.state': 'État / région',
                'address.street_address': 'Adresse',
                'address.phone_number': 'Téléphone',
                created_at: 'Créé le',
                q: 'Recherche',
            },
            create: 'Créer un compte',
            edit: 'Modifier le compte',
            sections: { details: 'Détails', features: 'Fonctionnalités', login: 'Préférences de connexion' },
            options: {
                'acs/enabled': 'Service de contrôle d’accès (intégration ACS)',
                'acs/opt_out_enabled': 'Refus biométrique',
                'acs/provider': 'Fournisseur ACS',
                'ag/enabled': 'Groupes d’accès',
                'enr/enabled': 'Inscriptions web',
                'prp/profiles': 'Conservation des profils (jours)',
                'tfa/enabled': 'Connexion à deux facteurs pour les utilisateurs de ce compte',
            },
            optionsSaved: 'Paramètres du compte enregistrés',
            main: 'Compte principal de la plateforme',
        },
    },
};
export default fr;
