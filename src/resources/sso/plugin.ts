import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const SsoConfigSection = onDemand(() => import('./SsoConfigSection').then(m => m.SsoConfigSection));
const LoginPreferencesSection = onDemand(() => import('./LoginPreferencesSection').then(m => m.LoginPreferencesSection));

/**
 * Single sign-on of the main account (SPEC 3 SSO configuration and login
 * preferences sections, 6.1; docs/decisions.md "Single sign-on"): its
 * identity provider, role mapping and keytab, and which sign-in the login
 * page offers.
 */
export const ssoPlugin: ConsolePlugin = {
    key: 'sso',
    accountSections: [
        { key: 'sso', label: 'resources.sso.section', right: ['sso', 'read'], mainAccountOnly: true, component: SsoConfigSection },
        {
            key: 'login-preferences',
            label: 'resources.login_preferences.section',
            right: ['sso', 'read'],
            mainAccountOnly: true,
            component: LoginPreferencesSection,
        },
    ],
    messages: import.meta.glob('./messages.*.ts'),
};
