/** Business constants and limits of SPEC 9. */
export const API_BASE = '/api/v2';
export const API_DOCS_PATH = '/api/v2/swagger/index.html';
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [20, 50, 100, 200] as const;
export const PICKER_PAGE_SIZE = 999999;
export const PICKER_DEBOUNCE_MS = 400;
export const RESET_LINK_COOLDOWN_MS = 3000;
export const RESET_2FA_TICK_MS = 1000;
export const SUCCESS_TICK_MS = 1000;
export const NOTIFICATION_AUTO_HIDE_MS = 4500;
export const COPY_TOOLTIP_RESET_MS = 1000;
export const GENERIC_UPLOAD_TIMEOUT_MS = 10_000;
export const MULTIPART_UPLOAD_TIMEOUT_MS = 1e8;
export const CARD_BIT_LENGTH_MAX = 256;
export const PASSWORD_MIN_LENGTH = 8;
/** 'Already in use' answers a user may get in a day for addresses held in tenants out of their reach. */
export const EMAIL_TAKEN_ANSWERS_PER_DAY = 10;
export const ONVIF_PASSWORD_MIN = 6;
export const ONVIF_USERNAME_MIN = 6;
export const ONVIF_USERNAME_MAX = 15;
export const QUICK_VIEW_WIDTH = 640;
export const ERROR_NOTIFICATION_WIDTH = 410;
export const DEFAULT_CONSENTED_FILTER = { consent_accepted: 'true' } as const;
export const DEFAULT_SAML_ASSERTION_KEY = 'memberOf';
export const DEFAULT_SECURITY_LEVEL = 'medium';
export const STORAGE_KEYS = { token: 'token', refreshToken: 'refreshToken' } as const;
export const DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';
/** The console's languages; a user's choice is kept on the server (GET /me, PUT /me/locale). */
export const LOCALE_CODES = ['en', 'fr', 'de', 'es', 'pt-BR', 'it', 'nl', 'ja', 'ar'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];
/** A stored language as the console speaks it, or null: one it no longer speaks (or none) is no language. */
export const knownLocale = (value: string | null | undefined): LocaleCode | null =>
    value && (LOCALE_CODES as readonly string[]).includes(value) ? (value as LocaleCode) : null;
/** The languages written right to left (docs/decisions.md "Right to left"), and a language's direction. */
const RIGHT_TO_LEFT = new Set(['ar']);
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale.split('-')[0]!) ? 'rtl' : 'ltr');
/** The platform's own brand, worn where no account's brand is (docs/decisions.md "Brands per account"). */
export const PLATFORM_BRAND = { product_name: 'Access Console', primary_color: '#1f4e79', secondary_color: '#0b7a75' } as const;
/**
 * Lists cap per_page at the largest page size offered (SPEC 9). The lists
 * pickers read whole (SPEC 7.1: accounts, devices, access groups, card
 * formats, artifacts, deployment candidates) take PICKER_PAGE_SIZE.
 */
export const LIST_MAX_PAGE_SIZE = 200;

export const FIELD_MAX = {
    accountName: 100,
    refNumber: 60,
    userName: 60,
    userEmail: 60,
    accessGroupDescription: 255,
    accountEmail: 255,
    phone: 25,
    zip: 30,
    city: 100,
    country: 60,
    state: 255,
    streetAddress: 100,
} as const;

/** Quick date ranges of SPEC 9, in days back from now (today = 0). */
export const QUICK_DATE_RANGES = [
    { key: 'today', days: 0 },
    { key: 'last3Days', days: 3 },
    { key: 'last15Days', days: 15 },
    { key: 'lastMonth', days: 30 },
] as const;

export const SERVER_ERROR_DESCRIPTION =
    'We are unable to proceed with the submitted operation. Please try again later or copy the following ID and contact the support team to assist you in resolving the issue.';

/** the longest text GET /search takes (contract/search.ts) */
export const SEARCH_MAX_LENGTH = 100;
