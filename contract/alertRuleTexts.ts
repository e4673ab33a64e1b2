/** The alert rules' texts the console's messages carry, kept apart from the zod schemas so its texts download no zod. */

/**
 * Addresses outside the account one rule may mail at most: each is asked to
 * confirm first (docs/decisions.md, Alert rules), and more is a mailing list's job.
 */
export const ALERT_RULE_EMAILS_MAX = 10;
/** Confirmation mails one account may have sent in 24 hours, whatever the rules (a rule made and remade asks again). */
export const ALERT_CONFIRMATIONS_PER_DAY = 30;
/** Minutes between two confirmation mails to one address of a rule. */
export const ALERT_CONFIRMATION_RESEND_MINUTES = 60;

export const ALERT_RULE_MESSAGES = {
    noRecipient: 'Choose at least one user, e-mail address or webhook to send the alerts to.',
    foreignWebhooks: 'Choose webhooks of the rule’s account.',
    unknownUsers: 'Choose users of the rule’s account.',
    foreignDevices: 'Choose devices of the rule’s account.',
    foreignGroups: 'Choose access groups of the rule’s account.',
    badAddress: 'Enter e-mail addresses only, one a line.',
    periodRequired: 'Choose hourly or daily for a digest.',
    tooManyAddresses: `Enter at most ${ALERT_RULE_EMAILS_MAX} other addresses; choose the account’s users for more.`,
    confirmationsPerDay: `The account has asked ${ALERT_CONFIRMATIONS_PER_DAY} addresses to confirm in the last 24 hours; add more addresses tomorrow.`,
    resendTooSoon: `A confirmation was sent to this address less than ${ALERT_CONFIRMATION_RESEND_MINUTES} minutes ago.`,
    notWaiting: 'This address is not waiting for a confirmation.',
    unknownAddress: 'This address is not one of the rule’s addresses.',
} as const;
