import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const en: Messages = {
    resources: {
        api_keys: {
            section: 'API keys',
            intro: "Programs call the platform's API with a key of this account in the X-API-Key header. A key has the rights of its role in this account (and, for roles that reach them, in the accounts below), like a user of that role. Revoke a key that is no longer used or may have leaked.",
            empty: 'This account has no API keys.',
            never: 'Never',
            neverUsed: 'Not used yet',
            fields: {
                description: 'Description',
                role: 'Role',
                prefix: 'Key begins with',
                created: 'Created',
                expires_at: 'Expires',
                last_used: 'Last used',
                status: 'Status',
            },
            status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' },
            create: {
                open: 'Create API key',
                title: 'Create API key',
                run: 'Create',
                descriptionHelp: 'What the key is for, e.g. the program that uses it',
                tooLong: 'At most %{max} characters',
                roleHelp: 'The key gets the rights of this role',
                expiryHelp: 'Optional: the key stops working after this day',
                pastDay: 'Choose today or a later day',
            },
            created: {
                title: 'API key created',
                warning: 'Copy the key now and keep it somewhere safe: it will not be shown again.',
                key: 'API key',
                copy: 'Copy the key',
                copied: 'Key copied',
                usage: 'Send it in the %{header} header of every request.',
                done: 'Done',
            },
            revoke: {
                run: 'Revoke',
                label: 'Revoke %{description}',
                confirmTitle: 'Revoke the API key %{description}?',
                confirmContent: 'Programs using this key are refused from now on. This cannot be undone.',
            },
            revoked: 'API key %{description} revoked',
            createFailed: 'The API key could not be created',
            revokeFailed: 'The API key could not be revoked',
        },
        roles: { resources: { apiKeys: 'API keys' } },
        audit_logs: { resourceNames: { apiKeys: 'API keys' }, actionNames: { revoke: 'Revoke' } },
    },
};
export default en;
