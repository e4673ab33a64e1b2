import type { Messages } from '../../plugins/types';

export const roleMessages: { en: Messages; fr: Messages } = {
    "en": {
        "resources": {
            "roles": {
                "name": "Role |||| Roles",
                "intro": "Each user has one role. Roles are ordered from the platform administrator down to the account user; this table is what the server enforces.",
                "assignable": "You can give this role",
                "notAssignable": "You cannot give this role",
                "matrix": "Rights by role",
                "resource": "Resource",
                "resources": {
                    "dashboard": "Dashboard",
                    "users": "Users",
                    "accounts": "Accounts",
                    "devices": "Devices",
                    "deployments": "Deployments",
                    "artifacts": "Firmware",
                    "cardFormats": "Card formats",
                    "deviceConfig": "Device configuration",
                    "events": "Security events",
                    "profiles": "Profiles",
                    "auditLogs": "Audit log",
                    "statistics": "Statistics",
                    "backup": "Backup",
                    "restore": "Restore",
                    "importExport": "Import/export",
                    "systemSettings": "System settings",
                    "migrations": "Migrations",
                    "version": "Version details",
                    "deviceLogs": "Device logs",
                    "optOut": "Opt-out",
                    "adaptive": "Adaptive 2FA",
                    "visitors": "Visitors",
                    "mainAccount": "Platform main account"
                },
                "actions": {
                    "read": "read",
                    "write": "write",
                    "edit": "edit",
                    "delete": "delete",
                    "export": "export",
                    "bulk_edit": "bulk edit",
                    "bulk_delete": "bulk delete",
                    "bulk_reboot": "bulk reboot",
                    "download_config": "download config"
                }
            }
        }
    },
    "fr": {
        "resources": {
            "roles": {
                "name": "Rôle |||| Rôles",
                "intro": "Chaque utilisateur a un rôle. Les rôles vont de l’administrateur de la plateforme à l’utilisateur de compte ; ce tableau est ce que le serveur applique.",
                "assignable": "Vous pouvez attribuer ce rôle",
                "notAssignable": "Vous ne pouvez pas attribuer ce rôle",
                "matrix": "Droits par rôle",
                "resource": "Ressource",
                "resources": {
                    "dashboard": "Tableau de bord",
                    "users": "Utilisateurs",
                    "accounts": "Comptes",
                    "devices": "Appareils",
                    "deployments": "Déploiements",
                    "artifacts": "Micrologiciels",
                    "cardFormats": "Formats de carte",
                    "deviceConfig": "Configuration des appareils",
                    "events": "Événements de sécurité",
                    "profiles": "Profils",
                    "auditLogs": "Journal d’audit",
                    "statistics": "Statistiques",
                    "backup": "Sauvegarde",
                    "restore": "Restauration",
                    "importExport": "Import/export",
                    "systemSettings": "Paramètres système",
                    "migrations": "Migrations",
                    "version": "Détails de version",
                    "deviceLogs": "Journaux des appareils",
                    "optOut": "Refus biométrique",
                    "adaptive": "2FA adaptative",
                    "visitors": "Visiteurs",
                    "mainAccount": "Compte principal"
                },
                "actions": {
                    "read": "lecture",
                    "write": "écriture",
                    "edit": "modification",
                    "delete": "suppression",
                    "export": "export",
                    "bulk_edit": "modification groupée",
                    "bulk_delete": "suppression groupée",
                    "bulk_reboot": "redémarrage groupé",
                    "download_config": "téléchargement de configuration"
                }
            }
        }
    }
};
