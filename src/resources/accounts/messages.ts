import type { Messages } from '../../plugins/types';

export const accountMessages: { en: Messages; fr: Messages } = {
    en: {
        resources: {
            accounts: {
                name: 'Account |||| Accounts',
                fields: {
                    name: 'Name',
                    ref_number: 'Reference number',
                    type: 'Type',
                    'address.email': 'Email',
                    'address.country': 'Country',
                    'address.city': 'City',
                    'address.zip': 'Zip',
                    'address.state': 'State',
                    'address.street_address': 'Street address',
                    'address.phone_number': 'Phone number',
                    created_at: 'Created',
                    q: 'Search',
                },
                create: 'Create account',
                edit: 'Edit account',
                sections: { details: 'Details', features: 'Features', login: 'Login preferences' },
                options: {
                    'acs/enabled': 'Access control service (ACS integration)',
                    'acs/opt_out_enabled': 'Biometric opt-out',
                    'acs/provider': 'ACS provider',
                    'ag/enabled': 'Access groups',
                    'enr/enabled': 'Web enrollments',
                    'prp/profiles': 'Profile retention (days)',
                    'tfa/enabled': 'Two-factor login for the users of this account',
                },
                optionsSaved: 'Account settings saved',
                main: 'Platform main account',
            },
        },
    },
    fr: {
        resources: {
            accounts: {
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
    },
};
