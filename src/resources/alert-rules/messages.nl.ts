import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Texts of the alert rules screens (docs/decisions.md "Alert rules"); the contract/ validation texts are keyed by their English text. */
const nl: Messages = {
    [M.noRecipient]: 'Kies minstens één gebruiker, e-mailadres of webhook om de meldingen naartoe te sturen.',
    [M.foreignWebhooks]: 'Kies webhooks van het account van de regel.',
    [M.unknownUsers]: 'Kies gebruikers van het account van de regel.',
    [M.foreignDevices]: 'Kies apparaten van het account van de regel.',
    [M.foreignGroups]: 'Kies toegangsgroepen van het account van de regel.',
    [M.badAddress]: 'Voer alleen e-mailadressen in, één per regel.',
    [M.periodRequired]: 'Kies voor een overzicht per uur of per dag.',
    [M.tooManyAddresses]: `Voer hoogstens ${ALERT_RULE_EMAILS_MAX} andere adressen in; kies voor meer de gebruikers van het account.`,
    [M.confirmationsPerDay]: `Het account heeft in de afgelopen 24 uur ${ALERT_CONFIRMATIONS_PER_DAY} adressen om bevestiging gevraagd; voeg morgen meer adressen toe.`,
    [M.resendTooSoon]: `Er is minder dan ${ALERT_CONFIRMATION_RESEND_MINUTES} minuten geleden een bevestigingsverzoek naar dit adres gestuurd.`,
    [M.notWaiting]: 'Dit adres wacht niet op een bevestiging.',
    [M.unknownAddress]: 'Dit adres hoort niet bij de regel.',
    menu: { alertRules: 'Meldingsregels' },
    resources: {
        roles: { resources: { alertRules: 'Meldingsregels' } },
        audit_logs: { resourceNames: { alertRules: 'Meldingsregels' } },
        alert_rules: {
            name: 'Meldingsregel |||| Meldingsregels',
            listEmpty: {
                write: 'Een meldingsregel mailt gekozen gebruikers, of roept de webhooks van het account aan, wanneer gebeurtenissen van een bepaalde soort plaatsvinden. Voeg er een toe om op de hoogte te blijven.',
                read: 'Een meldingsregel mailt gekozen gebruikers, of roept de webhooks van het account aan, wanneer gebeurtenissen van een bepaalde soort plaatsvinden. De beheerders van het account maken ze aan.',
            },
            createsIn:
                'De regel wordt toegevoegd aan %{account}. Om hem aan een ander account toe te voegen, kiest u eerst dat account in het accountfilter van de lijst.',
            add: 'Meldingsregel toevoegen',
            anyEvent: 'Elke gebeurtenis',
            devicesCount: '%{smart_count} apparaat |||| %{smart_count} apparaten',
            groupsCount: '%{smart_count} toegangsgroep |||| %{smart_count} toegangsgroepen',
            usersCount: '%{smart_count} gebruiker |||| %{smart_count} gebruikers',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhooks',
            emailsHelp:
                'Adressen buiten het account, één per regel, hoogstens %{max}: elk krijgt een e-mail met het verzoek te bevestigen, en pas daarna meldingen',
            addresses: {
                title: 'Adressen buiten het account',
                waiting: 'Wacht op bevestiging',
                confirmed: 'Bevestigd',
                refused: 'Geweigerd',
                askedAt: 'gevraagd %{date}',
                neverAsked: 'nog niet gevraagd',
                lastError: 'laatste e-mail geweigerd: %{error} (%{date})',
                resend: 'Bevestigingsverzoek opnieuw sturen',
                resent: 'Bevestigingsverzoek opnieuw gestuurd',
                resendFailed: 'Het bevestigingsverzoek is niet verstuurd',
            },
            fields: {
                name: 'Naam',
                enabled: 'Actief',
                what: 'Gebeurtenissen',
                where: 'Ontvangers',
                how: 'Verzending',
                event_groups: 'Gebeurtenisgroepen',
                event_types: 'Gebeurtenistypen',
                device_ids: 'Apparaten',
                access_group_ids: 'Toegangsgroepen',
                user_ids: 'Gebruikers',
                emails: 'E-mailadressen',
                webhook_ids: 'Webhooks',
                delivery: 'Verzending',
                digest_period: 'Periode van het overzicht',
            },
            help: {
                any: 'Leeg: alle',
                device_ids: 'Alleen gebeurtenissen van deze apparaten; leeg: elk apparaat',
                access_group_ids: 'Alleen gebeurtenissen van personen in deze toegangsgroepen; leeg: iedereen',
                user_ids: 'Gebruikers van het account die de meldingen op hun e-mailadres ontvangen',
                webhook_ids: 'Webhooks van het account die deze gebeurtenissen ook ontvangen, ondertekend en bij fouten opnieuw verstuurd',
                delivery:
                    'Direct: één e-mail per controle (om de paar seconden) met de nieuwe gebeurtenissen. Overzicht: één e-mail per periode, geen als er niets gebeurde',
            },
            delivery: { immediate: 'Direct', digest: 'Overzicht' },
            how: { immediate: 'Direct', hourly: 'Overzicht per uur', daily: 'Dagelijks overzicht' },
        },
    },
};
export default nl;
