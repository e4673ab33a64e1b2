import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../../../contract/accounts';
import { ACS_LOG_LEVELS, ACS_PROVIDERS, CHUID_MODES } from '../../../contract/acsIntegration';
import { ALERT_ADDRESS_STATES, ALERT_DELIVERIES, ALERT_DIGEST_PERIODS } from '../../../contract/alertRules';
import { API_KEY_STATUSES } from '../../../contract/apiKeys';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../../contract/auditLogs';
import { CARD_LISTS } from '../../../contract/cards';
import { LOCALE_CODES } from '../../../contract/constants';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES, LOG_LEVELS } from '../../../contract/device-api';
import {
    COMMUNICATION_OPTIONS,
    DEVICE_ROLES,
    DEVICE_STATUSES,
    LED_OPTIONS,
    ONVIF_MANAGERS,
    ONVIF_USER_LEVELS,
    SECURITY_LEVELS,
    SIP_TRANSPORTS,
} from '../../../contract/deviceValues';
import { ENROLLMENT_STATUSES } from '../../../contract/enrollments';
import { EVENT_GROUPS, EVENT_TYPES, IMAGE_REASONS } from '../../../contract/eventTypes';
import { DEPLOYMENT_STATUSES, DEVICE_DEPLOYMENT_STATUSES, KEY_ALGORITHMS, VERIFICATIONS } from '../../../contract/firmware';
import { CONSENT_METHODS, PROFILE_STATUSES } from '../../../contract/profiles';
import { WIFI_SECURITY } from '../../../contract/qrcode';
import { ACTIONS } from '../../../contract/featureContract';
import { RESOURCES } from '../../../contract/rights';
import { ROLES } from '../../../contract/roles';
import { ROUTE_KEYS } from '../../../contract/routes';
import { SCHEDULE_DAYS } from '../../../contract/schedules';
import { SEARCH_KINDS } from '../../../contract/search';
import { IDENTITY_PROVIDER_KINDS, LOGIN_MODES } from '../../../contract/sso';
import { DISK_USAGE_PARTS } from '../../../contract/system';
import { DELIVERY_STATUSES, WEBHOOK_STATUSES } from '../../../contract/webhooks';
import { loadEnglish } from '../../../src/i18n/en';
import { loadLocale } from '../../../src/i18n/load';
import type { Messages } from '../../../src/plugins/types';

/**
 * STYLE.md, values people read: every value the contract stores and the console shows has a label in each
 * language, under `key.<value>`. An enum of the contract's schemas is covered by the first entry holding all
 * its values (a narrower enum, e.g. the online|offline filter, by the full list's labels).
 */
const LABELS: { key: string; values: readonly string[] }[] = [
    { key: 'app.roles', values: ROLES },
    { key: 'layout.accountType', values: ACCOUNT_TYPES },
    { key: 'resources.devices.statuses', values: DEVICE_STATUSES },
    { key: 'resources.devices.roles', values: DEVICE_ROLES },
    { key: 'resources.devices.securityLevels', values: SECURITY_LEVELS },
    { key: 'resources.devices.securityLevelsShort', values: SECURITY_LEVELS },
    { key: 'resources.devices.ledOptions', values: LED_OPTIONS },
    { key: 'resources.devices.communications', values: COMMUNICATION_OPTIONS },
    { key: 'resources.devices.onvifManagers', values: ONVIF_MANAGERS },
    { key: 'resources.devices.onvifLevels', values: ONVIF_USER_LEVELS },
    { key: 'resources.devices.transports', values: SIP_TRANSPORTS },
    { key: 'resources.devices.commands.types', values: DEVICE_COMMAND_TYPES },
    { key: 'resources.devices.commands.statuses', values: DEVICE_COMMAND_STATUSES },
    { key: 'resources.devices.logs.levels', values: LOG_LEVELS },
    { key: 'resources.profiles.statuses', values: PROFILE_STATUSES },
    { key: 'resources.profiles.page.methods', values: CONSENT_METHODS },
    { key: 'resources.events.types', values: EVENT_TYPES },
    { key: 'resources.events.groups', values: ['all', ...EVENT_GROUPS] },
    { key: 'resources.web_enrollments.statuses', values: ENROLLMENT_STATUSES },
    { key: 'resources.deployments.statuses', values: DEPLOYMENT_STATUSES },
    { key: 'resources.deployments.deviceStatuses', values: DEVICE_DEPLOYMENT_STATUSES },
    { key: 'resources.acs_integration.providers', values: ACS_PROVIDERS },
    { key: 'resources.acs_integration.log.levels', values: ACS_LOG_LEVELS },
    { key: 'resources.acs_integration.chuid.modes', values: CHUID_MODES },
    { key: 'resources.alert_rules.addresses', values: ALERT_ADDRESS_STATES },
    { key: 'resources.alert_rules.delivery', values: ALERT_DELIVERIES },
    { key: 'resources.alert_rules.how', values: ALERT_DIGEST_PERIODS },
    { key: 'resources.api_keys.status', values: API_KEY_STATUSES },
    { key: 'resources.card_formats', values: ['even', 'odd'] },
    { key: 'resources.card_formats.types', values: ['predefined', 'custom'] },
    { key: 'resources.schedules.days', values: SCHEDULE_DAYS },
    { key: 'resources.roles.resources', values: RESOURCES },
    { key: 'resources.roles.actions', values: ACTIONS },
    { key: 'resources.sso.kinds', values: IDENTITY_PROVIDER_KINDS },
    { key: 'resources.sso.secure', values: ['none', 'ldaps', 'starttls'] },
    { key: 'resources.login_preferences.modes', values: LOGIN_MODES },
    { key: 'resources.webhooks.status', values: WEBHOOK_STATUSES },
    { key: 'resources.webhooks.deliveries.status', values: DELIVERY_STATUSES },
    { key: 'resources.audit_logs.resourceNames', values: AUDIT_RESOURCES },
    { key: 'resources.audit_logs.actionNames', values: AUDIT_ACTIONS },
    { key: 'search.kinds', values: SEARCH_KINDS },
    { key: 'settings.source', values: ['saved', 'environment'] },
    { key: 'system.backups.states', values: ['writing', 'verified', 'failed'] },
    { key: 'system.disk.parts', values: DISK_USAGE_PARTS },
    { key: 'migrations.states', values: ['applied', 'pending', 'done'] },
    { key: 'qrcode.securities', values: WIFI_SECURITY },
];

/** Enums the console never shows as such, each with why; matched by their exact values. */
const NOT_SHOWN: { values: readonly string[]; why: string }[] = [
    { values: LOCALE_CODES, why: 'each language is named in its own language (src/i18n/locales.ts), the same in every locale' },
    { values: ROUTE_KEYS, why: 'names of screens for the rights checks; their menu titles are checked in locales.test.ts' },
    { values: ['valid', 'expired', 'used', 'invalid'], why: 'the reset-password page turns each answer into its own sentence' },
    { values: ['pending', 'approved', 'authentication_required'], why: 'a reader’s registration answer (device API)' },
    { values: CARD_LISTS, why: 'each badge list has its own screen, whose title names it' },
    { values: IMAGE_REASONS, why: 'shown as the SPEC 8.3 sentence of the stock picture (src/resources/events/stockPictures.ts)' },
    { values: VERIFICATIONS, why: 'shown as a sentence of its own on the firmware version and the deployment form' },
    { values: KEY_ALGORITHMS, why: 'a key is shown by its details (“RSA 3072”), which the server writes' },
    { values: ['svg', 'png'], why: 'the QR code file format, a file name extension' },
    { values: ['pglite', 'postgres'], why: 'the database engine of a backup, a product name' },
];

const isShape = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every z.enum reachable from the schemas the contract exports, by its values. */
const contractEnums = (): Map<string, { values: string[]; where: string }> => {
    const modules = import.meta.glob<Record<string, unknown>>('../../../contract/*.ts', { eager: true });
    const seen = new Set<unknown>();
    const found = new Map<string, { values: string[]; where: string }>();
    const walk = (schema: unknown, where: string) => {
        if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
        seen.add(schema);
        const def = schema._zod.def as unknown as Record<string, unknown>;
        if (def.type === 'enum') {
            const values = Object.values(def.entries as Record<string, string>);
            if (!found.has(values.join('|'))) found.set(values.join('|'), { values, where });
            return;
        }
        for (const [key, value] of Object.entries(def)) {
            if (Array.isArray(value)) value.forEach(v => walk(v, where));
            else if (key === 'shape' && isShape(value)) Object.entries(value).forEach(([field, v]) => walk(v, `${where}.${field}`));
            else walk(value, where);
        }
    };
    for (const [file, exports] of Object.entries(modules))
        for (const [name, value] of Object.entries(exports)) walk(value, `${file.replace(/^.*contract\//, '')} ${name}`);
    return found;
};

const text = (tree: Messages, key: string): string | undefined => {
    const value = key.split('.').reduce<Messages | string | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);
    return typeof value === 'string' ? value : undefined;
};

const sameValues = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every(v => b.includes(v));
const labelsOf = (values: readonly string[]) => LABELS.find(l => values.every(v => l.values.includes(v)));

describe('values people read (STYLE.md)', () => {
    const enums = contractEnums();

    it('finds the enums of the contract’s schemas', () => {
        expect(enums.size).toBeGreaterThan(40);
        expect([...enums.values()].some(e => sameValues(e.values, SECURITY_LEVELS))).toBe(true);
    });

    it('every enum of the contract has labels, or is listed with the reason it is never shown', () => {
        const bare = [...enums.values()]
            .filter(e => !labelsOf(e.values) && !NOT_SHOWN.some(n => sameValues(n.values, e.values)))
            .map(e => `${e.where}: ${e.values.join(', ')}`);
        expect(bare).toEqual([]);
    });

    const missingIn = (tree: Messages) =>
        LABELS.flatMap(({ key, values }) => values.map(v => `${key}.${v}`)).filter(k => !text(tree, k)?.trim());

    it('English names every value', async () => {
        expect(missingIn(await loadEnglish())).toEqual([]);
    });

    it.each(LOCALE_CODES.filter(l => l !== 'en') as Exclude<(typeof LOCALE_CODES)[number], 'en'>[])(
        '%s names every value',
        async locale => {
            expect(missingIn(await loadLocale(locale))).toEqual([]);
        },
    );

    it('English labels are words, not a code-shaped stored value (“one-fa”, “high-security”, “mimic_acs”)', async () => {
        const english = await loadEnglish();
        const codeShaped = (value: string) => /[-_]|[a-z][A-Z]|^\d/.test(value);
        const raw = LABELS.flatMap(({ key, values }) => values.map(v => [`${key}.${v}`, v] as const)).filter(
            ([k, v]) => codeShaped(v) && text(english, k)?.includes(v),
        );
        expect(raw.map(([k]) => k)).toEqual([]);
    });
});
