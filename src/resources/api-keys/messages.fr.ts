import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const fr: Messages = {
    resources: {
        api_keys: {
            section: 'Clés d’API',
            intro: 'Les programmes appellent l’API de la plateforme avec une clé de ce compte dans l’en-tête X-API-Key. Une clé a les droits de son rôle dans ce compte (et, pour les rôles qui les atteignent, dans les comptes en dessous), comme un utilisateur de ce rôle. Révoquez une clé qui ne sert plus ou qui a pu fuiter.',
            empty: 'Ce compte n’a aucune clé d’API.',
            never: 'Jamais',
            neverUsed: 'Pas encore utilisée',
            fields: {
                description: 'Description',
                role: 'Rôle',
                prefix: 'La clé commence par',
                created: 'Création',
                expires_at: 'Expiration',
                last_used: 'Dernière utilisation',
                status: 'État',
            },
            status: { active: 'Active', expired: 'Expirée', revoked: 'Révoquée' },
            create: {
                open: 'Créer une clé d’API',
                title: 'Créer une clé d’API',
                run: 'Créer',
                descriptionHelp: 'À quoi sert la clé, par exemple le programme qui l’utilise',
                tooLong: '%{max} caractères au plus',
                roleHelp: 'La clé reçoit les droits de ce rôle',
                expiryHelp: 'Facultatif : la clé cesse de fonctionner après ce jour',
                pastDay: 'Choisissez aujourd’hui ou un jour suivant',
            },
            created: {
                title: 'Clé d’API créée',
                warning: 'Copiez la clé maintenant et conservez-la en lieu sûr : elle ne sera plus affichée.',
                key: 'Clé d’API',
                copy: 'Copier la clé',
                copied: 'Clé copiée',
                usage: 'Envoyez-la dans l’en-tête %{header} de chaque requête.',
                done: 'Terminé',
            },
            revoke: {
                run: 'Révoquer',
                label: 'Révoquer %{description}',
                confirmTitle: 'Révoquer la clé d’API %{description} ?',
                confirmContent: 'Les programmes qui utilisent cette clé sont refusés dès maintenant. Cette action est définitive.',
            },
            revoked: 'Clé d’API %{description} révoquée',
            createFailed: 'La clé d’API n’a pas pu être créée',
            revokeFailed: 'La clé d’API n’a pas pu être révoquée',
        },
        roles: { resources: { apiKeys: 'Clés d’API' } },
        audit_logs: { resourceNames: { apiKeys: 'Clés d’API' }, actionNames: { revoke: 'Révocation' } },
    },
};
export default fr;
