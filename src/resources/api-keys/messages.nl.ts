import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const nl: Messages = {
    resources: {
        api_keys: {
            section: 'API-sleutels',
            intro: 'Programma’s roepen de API van het platform aan met een sleutel van dit account in de header X-API-Key. Een sleutel heeft de rechten van zijn rol in dit account (en, voor rollen die daar bij kunnen, in de onderliggende accounts), net als een gebruiker met die rol. Trek een sleutel in die niet meer wordt gebruikt of die mogelijk is uitgelekt.',
            empty: 'Dit account heeft geen API-sleutels.',
            never: 'Nooit',
            neverUsed: 'Nog niet gebruikt',
            fields: {
                description: 'Omschrijving',
                role: 'Rol',
                prefix: 'Sleutel begint met',
                created: 'Aangemaakt',
                expires_at: 'Verloopt',
                last_used: 'Laatst gebruikt',
                status: 'Status',
            },
            status: { active: 'Actief', expired: 'Verlopen', revoked: 'Ingetrokken' },
            create: {
                open: 'API-sleutel aanmaken',
                title: 'API-sleutel aanmaken',
                run: 'Aanmaken',
                descriptionHelp: 'Waarvoor de sleutel dient, bijv. het programma dat hem gebruikt',
                tooLong: 'Hoogstens %{max} tekens',
                roleHelp: 'De sleutel krijgt de rechten van deze rol',
                expiryHelp: 'Optioneel: de sleutel werkt na deze dag niet meer',
                pastDay: 'Kies vandaag of een latere dag',
            },
            created: {
                title: 'API-sleutel aangemaakt',
                warning: 'Kopieer de sleutel nu en bewaar hem op een veilige plek: hij wordt niet nog eens getoond.',
                key: 'API-sleutel',
                copy: 'De sleutel kopiëren',
                copied: 'Sleutel gekopieerd',
                usage: 'Stuur hem mee in de header %{header} van elk verzoek.',
                done: 'Gereed',
            },
            revoke: {
                run: 'Intrekken',
                label: '%{description} intrekken',
                confirmTitle: 'De API-sleutel %{description} intrekken?',
                confirmContent: 'Programma’s die deze sleutel gebruiken, worden vanaf nu geweigerd. Dit kan niet ongedaan worden gemaakt.',
            },
            revoked: 'API-sleutel %{description} ingetrokken',
            createFailed: 'De API-sleutel kon niet worden aangemaakt',
            revokeFailed: 'De API-sleutel kon niet worden ingetrokken',
        },
        roles: { resources: { apiKeys: 'API-sleutels' } },
        audit_logs: { resourceNames: { apiKeys: 'API-sleutels' }, actionNames: { revoke: 'Intrekken' } },
    },
};
export default nl;
