import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { roles: 'Rôles' },
    resources: {
        roles: {
            name: 'Rôle |||| Rôles',
            intro: 'Chaque utilisateur a un rôle. Les rôles vont de l’administrateur de la plateforme à l’utilisateur de compte ; ce tableau est ce que le serveur applique.',
            assignable: 'Vous pouvez attribuer ce rôle',
            notAssignable: 'Vous ne pouvez pas attribuer ce rôle',
            matrix: 'Droits par rôle',
            resource: 'Ressource',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Profils',
                backup: 'Sauvegarde',
                restore: 'Restauration',
                importExport: 'Import/export',
                version: 'Détails de version',
                optOut: 'Refus biométrique',
                adaptive: '2FA adaptative',
                visitors: 'Visiteurs',
                mainAccount: 'Compte principal',
            },
            actions: {
                read: 'lecture',
                write: 'écriture',
                edit: 'modification',
                delete: 'suppression',
                export: 'export',
                bulk_edit: 'modification groupée',
                bulk_delete: 'suppression groupée',
                bulk_reboot: 'redémarrage groupé',
                download_config: 'téléchargement de configuration',
            },
        },
    },
};
export default fr;
