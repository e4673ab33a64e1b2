import type { AcsIntegrationRecord, AcsProvider } from '../../../contract/acsIntegration';

/** The connection form's values, all text so the fields stay controlled. */
export interface ConnectionForm {
    provider: AcsProvider;
    address: string;
    username: string;
    application_id: string;
    cardholder_group: string;
    base_dn: string;
    filter: string;
    badge_attribute: string;
    facility_code_attribute: string;
    group_attribute: string;
    password: string;
    sync_every_minutes: string;
    enabled: boolean;
}

export const EMPTY_CONNECTION: ConnectionForm = {
    provider: 'genetec',
    address: '',
    username: '',
    application_id: '',
    cardholder_group: '',
    base_dn: '',
    filter: '(objectClass=person)',
    badge_attribute: 'employeeNumber',
    facility_code_attribute: '',
    group_attribute: 'memberOf',
    password: '',
    sync_every_minutes: '0',
    enabled: true,
};

const text = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

export const fromRecord = (r: AcsIntegrationRecord): ConnectionForm => ({
    ...EMPTY_CONNECTION,
    provider: r.provider,
    address: r.address,
    username: text(r.settings.username ?? r.settings.bind_dn),
    application_id: text(r.settings.application_id),
    cardholder_group: text(r.settings.cardholder_group),
    base_dn: text(r.settings.base_dn),
    filter: text(r.settings.filter, EMPTY_CONNECTION.filter),
    badge_attribute: text(r.settings.badge_attribute, EMPTY_CONNECTION.badge_attribute),
    facility_code_attribute: text(r.settings.facility_code_attribute),
    group_attribute: text(r.settings.group_attribute, EMPTY_CONNECTION.group_attribute),
    sync_every_minutes: String(r.sync_every_minutes),
    enabled: r.enabled,
});

/** The body of PUT /acs-integration/update and POST /acs-integration/test; an empty password keeps the stored one. */
export const toBody = (f: ConnectionForm, accountId: number) => ({
    account_id: accountId,
    provider: f.provider,
    address: f.address.trim(),
    settings:
        f.provider === 'genetec'
            ? {
                  username: f.username,
                  application_id: f.application_id,
                  ...(f.cardholder_group.trim() ? { cardholder_group: f.cardholder_group } : {}),
              }
            : {
                  bind_dn: f.username,
                  base_dn: f.base_dn,
                  filter: f.filter,
                  badge_attribute: f.badge_attribute,
                  facility_code_attribute: f.facility_code_attribute,
                  group_attribute: f.group_attribute,
              },
    ...(f.password ? { secrets: { password: f.password } } : {}),
    sync_every_minutes: Number(f.sync_every_minutes) || 0,
    enabled: f.enabled,
});

/** The fields the server refused (a 400's `fields`), if it said which. */
export const refusedFields = (e: unknown) => (e as { body?: { fields?: Record<string, string> } } | undefined)?.body?.fields;
