import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const ApiKeysSection = onDemand(() => import('./ApiKeysSection').then(m => m.ApiKeysSection));

/** The API keys section of the account page (SPEC 3, 7.2 GET /accounts/{account_id}/api_keys; docs/decisions.md "API keys"). */
export const apiKeysPlugin: ConsolePlugin = {
    key: 'api-keys',
    accountSections: [{ key: 'api-keys', label: 'resources.api_keys.section', right: ['apiKeys', 'read'], component: ApiKeysSection }],
    messages: import.meta.glob('./messages.*.ts'),
};
