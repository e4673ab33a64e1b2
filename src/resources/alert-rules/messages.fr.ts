import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Textes des écrans des règles d’alerte (docs/decisions.md "Alert rules") ; les textes de validation de contract/ ont leur texte anglais pour clé. */
const fr: Messages = {
    [M.noRecipient]: 'Choisissez au moins un utilisateur, une adresse e-mail ou un webhook à qui envoyer les alertes.',
    [M.foreignWebhooks]: 'Choisissez des webhooks du compte de la règle.',
    [M.unknownUsers]: 'Choisissez des utilisateurs du compte de la règle.',
    [M.foreignDevices]: 'Choisissez des appareils du compte de la règle.',
    [M.foreignGroups]: 'Choisissez des groupes d’accès du compte de la règle.',
    [M.badAddress]: 'Saisissez uniquement des adresses e-mail, une par ligne.',
    [M.periodRequired]: 'Choisissez horaire ou quotidien pour un récapitulatif.',
    [M.tooManyAddresses]: `Saisissez au plus ${ALERT_RULE_EMAILS_MAX} autres adresses ; choisissez les utilisateurs du compte pour en avoir plus.`,
    [M.confirmationsPerDay]: `Le compte a demandé à ${ALERT_CONFIRMATIONS_PER_DAY} adresses de confirmer ces dernières 24 heures ; ajoutez d’autres adresses demain.`,
    [M.resendTooSoon]: `Une demande de confirmation a été envoyée à cette adresse il y a moins de ${ALERT_CONFIRMATION_RESEND_MINUTES} minutes.`,
    [M.notWaiting]: 'Cette adresse n’attend pas de confirmation.',
    [M.unknownAddress]: 'Cette adresse n’est pas une adresse de la règle.',
    menu: { alertRules: 'Règles d’alerte' },
    resources: {
        roles: { resources: { alertRules: 'Règles d’alerte' } },
        audit_logs: { resourceNames: { alertRules: 'Règles d’alerte' } },
        alert_rules: {
            name: 'Règle d’alerte |||| Règles d’alerte',
            listEmpty: {
                write: 'Une règle d’alerte écrit aux utilisateurs choisis, ou appelle les webhooks du compte, quand des événements d’un type surviennent. Ajoutez-en une pour en être averti.',
                read: 'Une règle d’alerte écrit aux utilisateurs choisis, ou appelle les webhooks du compte, quand des événements d’un type surviennent. Les administrateurs du compte les créent.',
            },
            createsIn:
                'La règle est ajoutée à %{account}. Pour l’ajouter à un autre compte, choisissez d’abord ce compte dans le filtre Compte de la liste.',
            add: 'Ajouter une règle d’alerte',
            anyEvent: 'Tout événement',
            devicesCount: '%{smart_count} appareil |||| %{smart_count} appareils',
            groupsCount: '%{smart_count} groupe d’accès |||| %{smart_count} groupes d’accès',
            usersCount: '%{smart_count} utilisateur |||| %{smart_count} utilisateurs',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhooks',
            emailsHelp:
                'Adresses hors du compte, une par ligne, %{max} au plus : chacune reçoit un e-mail lui demandant de confirmer, et les alertes seulement ensuite',
            addresses: {
                title: 'Adresses hors du compte',
                waiting: 'En attente de confirmation',
                confirmed: 'Confirmée',
                refused: 'Refusée',
                askedAt: 'demandée le %{date}',
                neverAsked: 'pas encore demandée',
                lastError: 'dernier e-mail refusé : %{error} (%{date})',
                resend: 'Renvoyer la demande de confirmation',
                resent: 'Demande de confirmation renvoyée',
                resendFailed: 'La demande de confirmation n’a pas été envoyée',
            },
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
