/** The alert rules' texts the console's messages carry, kept apart from the zod schemas so its texts download no zod. */
export const ALERT_RULE_MESSAGES = {
    noRecipient: 'Choose at least one user, e-mail address or webhook to send the alerts to.',
    foreignWebhooks: 'Choose webhooks of the rule’s account.',
    unknownUsers: 'Choose users of the rule’s account.',
    foreignDevices: 'Choose devices of the rule’s account.',
    foreignGroups: 'Choose access groups of the rule’s account.',
    badAddress: 'Enter e-mail addresses only, one a line.',
    periodRequired: 'Choose hourly or daily for a digest.',
} as const;
