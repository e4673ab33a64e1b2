import type { Messages } from '../../plugins/types';
import { ALERT_RULE_MESSAGES as M } from '../../../contract/alertRuleTexts';

/** Textes des écrans des règles d’alerte (issue 15) ; les textes de validation de contract/ ont leur texte anglais pour clé. */
const fr: Messages = {
    [M.noRecipient]: 'Choisissez au moins un utilisateur, une adresse e-mail ou un webhook à qui envoyer les alertes.',
    [M.foreignWebhooks]: 'Choisissez des webhooks du compte de la règle.',
    [M.unknownUsers]: 'Choisissez des utilisateurs du compte de la règle.',
    [M.foreignDevices]: 'Choisissez des appareils du compte de la règle.',
    [M.foreignGroups]: 'Choisissez des groupes d’accès du compte de la règle.',
    [M.badAddress]: 'Saisissez uniquement des adresses e-mail, une par ligne.',
    [M.periodRequired]: 'Choisissez horaire ou quotidien pour un récapitulatif.',
    menu: { alertRules: 'Règles d’alerte' },
    resources: {
        roles: { resources: { alertRules: 'Règles d’alerte' } },
        audit_logs: { resourceNames: { alertRules: 'Règles d’alerte' } },
        alert_rules: {
            name: 'Règle d’alerte |||| Règles d’alerte',
            add: 'Ajouter une règle d’alerte',
            anyEvent: 'Tout événement',
            devicesCount: '%{smart_count} appareil |||| %{smart_count} appareils',
            groupsCount: '%{smart_count} groupe d’accès |||| %{smart_count} groupes d’accès',
            usersCount: '%{smart_count} utilisateur |||| %{smart_count} utilisateurs',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhooks',
            emailsHelp: 'Autres adresses qui reçoivent les alertes, une par ligne',
            fields: {
                name: 'Nom',
                enabled: 'Active',
                what: 'Événements',
                where: 'Destinataires',
                how: 'Envoi',
                event_groups: 'Groupes d’événements',
                event_types: 'Types d’événements',
                device_ids: 'Appareils',
                access_group_ids: 'Groupes d’accès',
                user_ids: 'Utilisateurs',
                emails: 'Adresses e-mail',
                webhook_ids: 'Webhooks',
                delivery: 'Envoi',
                digest_period: 'Période du récapitulatif',
            },
            help: {
                any: 'Vide : tous',
                device_ids: 'Seulement les événements de ces appareils ; vide : tout appareil',
                access_group_ids: 'Seulement les événements des personnes de ces groupes d’accès ; vide : tout le monde',
                user_ids: 'Utilisateurs du compte qui reçoivent les alertes à leur adresse e-mail',
                webhook_ids: 'Webhooks du compte qui reçoivent aussi ces événements, signés et réessayés',
                delivery:
                    'Immédiat : un e-mail par vérification (toutes les quelques secondes) avec les nouveaux événements. Récapitulatif : un e-mail par période, aucun s’il ne s’est rien passé',
            },
            delivery: { immediate: 'Immédiat', digest: 'Récapitulatif' },
            how: { immediate: 'Immédiat', hourly: 'Récapitulatif horaire', daily: 'Récapitulatif quotidien' },
        },
    },
};
export default fr;
