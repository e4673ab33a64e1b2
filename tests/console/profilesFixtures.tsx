import type { ReactNode } from 'react';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import type { ListedCard, VisitorRange, VisitorRecord } from '../../contract/cards';
import type { EnrollmentRecord } from '../../contract/enrollments';
import type { ProfileRecord } from '../../contract/profiles';
import type { Role } from '../../contract/roles';
import type { Session } from '../../src/session/session';
import { dataProvider } from '../../src/dataProvider';
import { AppNotification } from '../../src/notifications/AppNotification';
import { saveCurrentAccountId, saveUser, tokens } from '../../src/dataProvider/tokens';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

// These screens render react-admin lists with forms, the first of a file with its modules still cold: on a machine
// shared by several test runs that takes several seconds.
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

/** The accounts in a dealer's reach: its own (Contoso, as testSession has it) and a customer. */
export const ACCOUNTS = [
    { id: 10, name: 'Contoso Offices', ref_number: 'C-10', type: 'customer', parent_id: 2, main: false },
    { id: 12, name: 'Fabrikam Labs', ref_number: 'F-12', type: 'customer', parent_id: 2, main: false },
];

export const profile = (over: Partial<ProfileRecord> = {}): ProfileRecord => ({
    id: 1,
    acs_id: 'ada.lovelace',
    status: 'active',
    enabled: true,
    expires_at: null,
    visitor: false,
    badges: [],
    account_id: 10,
    access_groups: [],
    access_group_ids: [],
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    last_activity_at: null,
    last_event: null,
    last_device: null,
    consent: null,
    ...over,
});

export const listedCard = (over: Partial<ListedCard> = {}): ListedCard => ({
    id: 1,
    account_id: 10,
    list: 'opt_out',
    badge_number: 4242,
    facility_code: 17,
    card_format_id: 1,
    card_format_name: '26-bit H10301',
    created_by: 'Jane Doe',
    created_at: '2026-11-20T08:00:00.000Z',
    profile: null,
    ...over,
});

export const visitor = (over: Partial<VisitorRecord> = {}): VisitorRecord => ({
    id: 1,
    profile_id: 5,
    acs_id: 'Guest 1',
    account_id: 10,
    badge_number: 9001,
    facility_code: 17,
    card_format_id: 1,
    card_format_name: '26-bit H10301',
    created_at: '2026-11-20T08:00:00.000Z',
    expires_at: '2026-11-20T23:00:00.000Z',
    ...over,
});

export const visitorRange = (over: Partial<VisitorRange> = {}): VisitorRange => ({
    id: 1,
    account_id: 10,
    card_format_id: 1,
    card_format_name: '26-bit H10301',
    facility_code: 17,
    first_number: 9000,
    last_number: 9099,
    visitors: 1,
    updated_at: '2026-11-20T08:00:00.000Z',
    ...over,
});

export const invite = (over: Partial<EnrollmentRecord> = {}): EnrollmentRecord => ({
    id: 1,
    account_id: 10,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    status: 'sent',
    badge: null,
    access_group_ids: [],
    profile_id: null,
    sent_at: '2026-11-20T08:00:00.000Z',
    opened_at: null,
    consented_at: null,
    completed_at: null,
    expires_at: '2099-11-23T08:00:00.000Z',
    failure: null,
    send_tries: 0,
    send_next_at: null,
    send_error: null,
    created_by: 'Jane Doe',
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
});

const H10301 = { id: 1, account_id: null, key: 'h10301', name: '26-bit H10301', type: 'predefined' };

/** A request the console sent, as the server reads it: method, path under /api/v2, query, and body (JSON or form). */
export interface Request {
    method: string;
    path: string;
    query: Record<string, string>;
    body: unknown;
}

/** What the server answers a request it refuses: its status and body ({error, request_id}). */
export interface Refusal {
    status: number;
    body: { error: string; request_id: string };
}

/**
 * The platform's API behind the console's own dataProvider (fetch): GET answers the rows of `rows[path]` (the
 * accounts, the card formats and the expiration time built in), a write `replies[path]` or {}, and a request in
 * `refusals` ('METHOD /path') its refusal; every request is kept.
 */
export const fakeApi = (
    rows: Record<string, object[]> = {},
    replies: Record<string, object> = {},
    refusals: Record<string, Refusal> = {},
) => {
    const requests: Request[] = [];
    const answer = (method: string, path: string) => {
        if (method !== 'GET') return replies[path] ?? {};
        if (path === '/profiles/expiration_time')
            return { time_zone: 'Europe/Paris', inactivity_days: null, visitor_expiry: '2026-11-20T23:00:00.000Z', exclusions: 0 };
        const result = rows[path] ?? (path === '/accounts' ? ACCOUNTS : path === '/cards/formats' ? [H10301] : []);
        return { result, count: result.length };
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://console.test');
            const path = url.pathname.replace(/^\/api\/v2/, '');
            const method = init.method ?? 'GET';
            const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
            requests.push({ method, path, query: Object.fromEntries(url.searchParams), body });
            const refusal = refusals[`${method} ${path}`];
            if (refusal)
                return new Response(JSON.stringify(refusal.body), {
                    status: refusal.status,
                    headers: { 'content-type': 'application/json' },
                });
            return new Response(JSON.stringify(answer(method, path)), { status: 200, headers: { 'content-type': 'application/json' } });
        }),
    );
    return {
        requests,
        /** the queries of the GETs of `path`, in order */
        gets: (path: string) => requests.filter(r => r.method === 'GET' && r.path === path).map(r => r.query),
        /** the last GET of `path` */
        lastGet: (path: string) => requests.filter(r => r.method === 'GET' && r.path === path).at(-1)?.query,
        writes: (path: string) => requests.filter(r => r.method !== 'GET' && r.path === path),
    };
};

/**
 * Renders a screen as the console does, signed in as `role` (or `session`), with the real dataProvider, so the
 * account_id it adds for the current account shows in the requests.
 */
export const renderScreen = (
    ui: ReactNode,
    options: {
        resource: string;
        path: string;
        role?: Role;
        session?: Session;
        rows?: Record<string, object[]>;
        replies?: Record<string, object>;
        refusals?: Record<string, Refusal>;
    },
) => {
    const session = options.session ?? testSession(options.role ?? 'admin');
    tokens.save({ token: 'T', refresh_token: 'R' });
    saveUser(session.me);
    saveCurrentAccountId(session.me.id, session.currentAccountId);
    const api = fakeApi(options.rows, options.replies, options.refusals);
    const result = renderInAdmin(
        <>
            <ResourceContextProvider value={options.resource}>{ui}</ResourceContextProvider>
            <AppNotification />
            <Location />
        </>,
        { session, path: options.path, dataProvider: dataProvider as never },
    );
    return { ...result, api };
};

/** A dealer who switched to its customer Fabrikam (12): its own account stays Contoso (10). */
export const dealerInFabrikam = () =>
    testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } });

/** Chooses an account in an account picker (the list's filter or a form's). */
export const chooseAccount = async (label: string, name: string) => {
    const input = await screen.findByRole('combobox', { name: label });
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: name.slice(0, 3) } });
    fireEvent.click(await screen.findByRole('option', { name }));
};

/** Fills the badge fields of a form: the predefined format, a facility code and a number (`number` false: a range's). */
export const fillBadge = async (form: HTMLElement, number: string | false = '4242') => {
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Card format/ }));
    fireEvent.click(await screen.findByRole('option', { name: '26-bit H10301' }));
    fireEvent.change(await within(form).findByRole('textbox', { name: 'Facility code' }), { target: { value: '17' } });
    if (number !== false) fireEvent.change(within(form).getByRole('textbox', { name: /Badge number/ }), { target: { value: number } });
};
