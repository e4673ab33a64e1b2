import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardReply } from '../../../contract/dashboard';
import type { EventRecord } from '../../../contract/events';
import { Dashboard, last30Days } from '../../../src/resources/dashboard/Dashboard';
import { renderInAdmin, testSession } from '../render';

const today = new Date().toISOString().slice(0, 10);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const incident = (id: number, over: Partial<EventRecord> = {}): EventRecord => ({
    id,
    account_id: 10,
    event: 'TailgatingByUnknownUser',
    group: 'tailgating',
    incident: true,
    timestamp: hoursAgo(3),
    device_id: 7,
    device_description: 'Lobby reader',
    device_mode: 'one-fa',
    device_deleted: false,
    tailgated: true,
    profiles: [],
    identity: null,
    sip_call: null,
    image: 'frame.jpg',
    image_reason: null,
    ...over,
});
const reply = (over: Partial<DashboardReply> = {}): DashboardReply => ({
    account: { id: 10, name: 'Contoso Offices', type: 'dealer' },
    accounts: { dealers: 0, customers: 7 },
    users: { total: 12, by_role: { admin: 0, dealer: 2, installer: 0, moderator: 3, manager: 0, user: 7 }, with_tfa: 3 },
    sign_ins: [{ day: today, count: 4 }],
    devices: {
        by_state: { online: 9, offline: 2, pending: 1, rejected: 0 },
        offline: [
            { id: 31, description: 'Garage reader', account_name: 'Fabrikam Labs', last_seen_at: hoursAgo(5) },
            { id: 32, description: 'Roof door', account_name: 'Contoso Offices', last_seen_at: null },
        ],
    },
    events: {
        last_24h: [
            { group: 'authenticated', count: 120 },
            { group: 'tailgating', count: 3 },
            { group: 'crossing', count: 0 },
            { group: 'device', count: 2 },
        ],
        // and one Unsupported event, of no group: the tile counts it, as the list it opens shows it
        total_24h: 126,
        per_day: [
            { day: today, group: 'authenticated', count: 120 },
            { day: today, group: 'tailgating', count: 3 },
        ],
        latest_incidents: [
            incident(501),
            incident(502, {
                event: 'SpoofingWithoutAccess',
                group: 'spoofing',
                image: null,
                image_reason: 'retention',
                device_deleted: true,
                device_description: null,
            }),
        ],
    },
    profiles: { total: 340, by_status: { active: 320, enrollment: 15, inactive: 5 }, with_badges: 300 },
    recent_activity: [
        {
            id: 1,
            timestamp: new Date(Date.now() - 2 * 3_600_000).toISOString(),
            user_name: 'Dana Dealer',
            action: 'update',
            resource: 'users',
            entity: 'User',
            entity_id: '42',
        },
    ],
    ...over,
});

const download = vi.fn(async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
const dashboard = (call: (path: string) => Promise<unknown>, session = testSession('dealer')) =>
    renderInAdmin(<Dashboard />, { session, dataProvider: { call, download } as never });

beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:incident');
    URL.revokeObjectURL = vi.fn();
});

/** A link's target, its query read as a map (the order of parameters does not matter). */
const target = (link: HTMLElement) => {
    const url = new URL(link.getAttribute('href')!, 'http://console');
    return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

describe('dashboard', () => {
    it('shows the tiles of GET /dashboard with links to the screens behind them', async () => {
        const call = vi.fn(async () => reply());
        dashboard(call);
        const customers = await screen.findByRole('link', { name: 'Customer accounts' });
        // From its own account a dealer's figures cover every account in reach, as the lists the tiles open
        expect(call).toHaveBeenCalledWith('/dashboard', expect.objectContaining({ query: { cross_account: 'true' } }));
        expect(customers).toHaveTextContent('7');
        expect(customers).toHaveAttribute('href', '/accounts?type=customer');
        // a dealer account has no dealers below it
        expect(screen.queryByText('Dealer accounts')).toBeNull();
        expect(screen.getByRole('link', { name: 'Users' })).toHaveTextContent('12');
        expect(screen.getByText('With two-factor login').parentElement).toHaveTextContent('3');
        expect(screen.getByText('25% of users')).toBeInTheDocument();
        expect(screen.getByText('Contoso Offices and the accounts below it')).toBeInTheDocument();
    });

    it('a customer account has nothing below it: its own figures, users of that account only', async () => {
        dashboard(async () => reply({ account: { id: 10, name: 'Contoso Offices', type: 'customer' } }), testSession('moderator'));
        expect(await screen.findByText('Figures of Contoso Offices')).toBeInTheDocument();
        expect(await screen.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
        expect(screen.queryByText('Customer accounts')).toBeNull();
    });

    it('lists users by role, each leading to the users list filtered on it', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Users by role' });
        const links = within(panel).getAllByRole('link');
        expect(links.map(l => l.textContent)).toEqual(['Dealer admin2', 'Account administrator3', 'Account user7']);
        expect(links[1]).toHaveAttribute('href', '/users?role=moderator&account_id=all');
    });

    it('charts the sign-ins of the last 30 days', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Sign-ins, last 30 days' });
        expect(within(panel).getByText('4 sign-ins')).toBeInTheDocument();
        expect(panel.querySelector('svg')).not.toBeNull();
    });

    it('shows the recent activity in words with its age, and leads to the audit log', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Recent activity' });
        // an entry of a server older than target_name: the thing by its number
        expect(within(panel).getByText('Dana Dealer modified the user #42')).toBeInTheDocument();
        expect(within(panel).getByText('2 hours ago')).toBeInTheDocument();
        expect(within(panel).getByRole('link', { name: 'Open the audit log' })).toHaveAttribute('href', '/audit_logs');
    });

    it('an account user sees no account tiles and no link to the audit log or users it may not open', async () => {
        dashboard(async () => reply(), testSession('user'));
        expect(await screen.findByText('Users')).toBeInTheDocument();
        expect(screen.queryByText('Customer accounts')).toBeNull();
        expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
        expect(screen.queryByRole('link', { name: 'Open the audit log' })).toBeNull();
    });

    it('a manager, whose reply has no audit activity, sees no sign-ins or recent activity panels', async () => {
        const { sign_ins: _s, recent_activity: _r, ...withoutAudit } = reply();
        dashboard(async () => withoutAudit, testSession('manager'));
        expect(await screen.findByText('Users')).toBeInTheDocument();
        expect(screen.queryByText('Sign-ins, last 30 days')).toBeNull();
        expect(screen.queryByText('Recent activity')).toBeNull();
    });

    it('says when there is nothing yet', async () => {
        dashboard(async () => reply({ sign_ins: [], recent_activity: [] }));
        expect(await screen.findByText('No sign-ins in the last 30 days.')).toBeInTheDocument();
        expect(screen.getByText('Nothing recorded yet.')).toBeInTheDocument();
    });

    it('a failure shows the SPEC 2.5 text and Refresh loads again', async () => {
        const call = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(reply());
        dashboard(call);
        expect(await screen.findByText('Sorry, the page is temporary unavailable.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
        expect(await screen.findByRole('link', { name: 'Customer accounts' })).toBeInTheDocument();
        expect(call).toHaveBeenCalledTimes(2);
    });

    it('shows devices by state, each leading to the devices list filtered on it, across the accounts below', async () => {
        dashboard(async () => reply());
        const online = await screen.findByRole('link', { name: 'Devices online' });
        expect(online).toHaveTextContent('9');
        expect(target(online)).toEqual({ path: '/devices', query: { status: 'online', account_id: 'all' } });
        expect(screen.getByRole('link', { name: 'Devices offline' })).toHaveTextContent('2');
        expect(target(screen.getByRole('link', { name: 'Devices waiting for approval' })).query.status).toBe('pending');
    });

    it('counts the security events of the last 24 hours, by group, each leading to the list of that group since then', async () => {
        dashboard(async () => reply());
        const tile = await screen.findByRole('link', { name: 'Security events, last 24 hours' });
        expect(tile).toHaveTextContent('126');
        const since = Date.parse(target(tile).query.from!);
        expect(Date.now() - since).toBeGreaterThan(86_000_000);
        expect(Date.now() - since).toBeLessThan(87_000_000);
        const panel = screen.getByRole('region', { name: 'Security events by group, last 24 hours' });
        const rows = within(panel).getAllByRole('link');
        // groups without events are left out
        expect(rows.map(r => r.textContent)).toEqual(['Authenticated120', 'Tailgating3', 'Device2']);
        expect(target(rows[1]!)).toEqual({
            path: '/events',
            query: { group: 'tailgating', from: target(tile).query.from, account_id: 'all' },
        });
    });

    it('charts the events of 30 days by group and leads to Statistics for roles that have it', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Security events, last 30 days' });
        expect(panel.querySelector('svg')).not.toBeNull();
        expect(within(panel).getByText('Tailgating')).toBeInTheDocument();
        expect(within(panel).getByRole('link', { name: 'Open Statistics' })).toHaveAttribute('href', '/statistics');
    });

    it('shows the latest incidents with their pictures, each leading to the events of its group', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Latest incidents' });
        const tailgating = within(panel).getByRole('article', { name: 'Tailgating by unknown user' });
        expect(await within(tailgating).findByRole('img', { name: 'Tailgating by unknown user' })).toHaveAttribute('src', 'blob:incident');
        expect(download).toHaveBeenCalledWith('/events/501/files/frame.jpg', { account_id: 10, size: 'thumbnail' });
        expect(tailgating).toHaveTextContent('Lobby reader · 3 hours ago');
        expect(target(within(tailgating).getByRole('link'))).toEqual({
            path: '/events',
            query: { group: 'tailgating', account_id: 'all' },
        });
        // an image gone to retention shows its picture; a removed device says so
        const spoofing = within(panel).getByRole('article', { name: 'Spoofing without access' });
        expect(within(spoofing).getByRole('img', { name: 'Image removed by the retention policy' })).toBeInTheDocument();
        expect(spoofing).toHaveTextContent('Device deleted');
        expect(within(panel).getByRole('link', { name: 'Open Security Events' })).toHaveAttribute('href', '/events?account_id=all');
    });

    it('lists the offline devices with when they were last seen, each leading to its page', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Offline devices' });
        const garage = within(panel).getByRole('link', { name: /Garage reader/ });
        expect(garage).toHaveAttribute('href', '/devices/31');
        expect(garage).toHaveTextContent('Fabrikam Labs · last seen 5 hours ago');
        expect(within(panel).getByRole('link', { name: /Roof door/ })).toHaveTextContent('Contoso Offices · never seen');
        expect(target(within(panel).getByRole('link', { name: 'All offline devices' })).query).toEqual({
            status: 'offline',
            account_id: 'all',
        });
    });

    it('counts the profiles by status and leads to them', async () => {
        dashboard(async () => reply());
        const tile = await screen.findByRole('link', { name: 'Profiles' });
        expect(tile).toHaveTextContent('340');
        expect(tile).toHaveTextContent('320 active · 15 in enrollment · 5 inactive');
        expect(tile).toHaveAttribute('href', '/profiles?account_id=all');
    });

    it('an account user may not open Security Events or Statistics: those figures show without links', async () => {
        dashboard(async () => reply({ account: { id: 10, name: 'Contoso Offices', type: 'customer' } }), testSession('user'));
        expect(await screen.findByText('Security events, last 24 hours')).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: 'Security events, last 24 hours' })).toBeNull();
        const byGroup = screen.getByRole('region', { name: 'Security events by group, last 24 hours' });
        expect(within(byGroup).queryAllByRole('link')).toHaveLength(0);
        expect(within(byGroup).getByText('Tailgating')).toBeInTheDocument();
        const incidents = screen.getByRole('region', { name: 'Latest incidents' });
        expect(within(incidents).queryAllByRole('link')).toHaveLength(0);
        expect(screen.queryByRole('link', { name: 'Open Statistics' })).toBeNull();
        // devices are readable by every role; a customer account's links stay in the account
        expect(target(screen.getByRole('link', { name: 'Devices offline' }))).toEqual({ path: '/devices', query: { status: 'offline' } });
    });

    it('says when there are no events, incidents or offline devices', async () => {
        const quiet = reply();
        dashboard(async () => ({
            ...quiet,
            devices: { ...quiet.devices, offline: [] },
            events: { last_24h: quiet.events.last_24h.map(r => ({ ...r, count: 0 })), total_24h: 0, per_day: [], latest_incidents: [] },
        }));
        expect(await screen.findByText('No security events in the last 24 hours.')).toBeInTheDocument();
        expect(screen.getByText('No security events in the last 30 days.')).toBeInTheDocument();
        expect(screen.getByText('No incidents recorded.')).toBeInTheDocument();
        expect(screen.getByText('No device is offline.')).toBeInTheDocument();
        await waitFor(() => expect(screen.getByRole('link', { name: 'Security events, last 24 hours' })).toHaveTextContent('0'));
    });

    it('fills the 30 days with zeros, oldest first', () => {
        const now = Date.parse('2026-11-22T10:00:00Z');
        const days = last30Days([{ day: '2026-11-20', count: 5 }], now);
        expect(days).toHaveLength(30);
        expect(days[0]).toEqual({ day: '2026-10-24', count: 0 });
        expect(days[27]).toEqual({ day: '2026-11-20', count: 5 });
        expect(days[29]!.day).toBe('2026-11-22');
    });
});
