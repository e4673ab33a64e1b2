import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardReply } from '../../../contract/dashboard';
import { Dashboard, last30Days } from '../../../src/layout/Dashboard';
import { renderInAdmin, testSession } from '../render';

const today = new Date().toISOString().slice(0, 10);
const reply = (over: Partial<DashboardReply> = {}): DashboardReply => ({
    account: { id: 10, name: 'Contoso Offices', type: 'dealer' },
    accounts: { dealers: 0, customers: 7 },
    users: { total: 12, by_role: { admin: 0, dealer: 2, installer: 0, moderator: 3, manager: 0, user: 7 }, with_tfa: 3 },
    sign_ins: [{ day: today, count: 4 }],
    devices: { by_state: { pending: 0, online: 0, offline: 0, rejected: 0 }, offline: [] },
    events: { last_24h: [], per_day: [], latest_incidents: [] },
    profiles: { total: 0, by_status: { active: 0, enrollment: 0, inactive: 0 }, with_badges: 0 },
    recent_activity: [
        { id: 1, timestamp: new Date(Date.now() - 2 * 3_600_000).toISOString(), user_name: 'Dana Dealer', action: 'update', resource: 'users', entity: 'User', entity_id: '42' },
    ],
    ...over,
});

const dashboard = (call: (path: string) => Promise<unknown>, session = testSession('dealer')) =>
    renderInAdmin(<Dashboard />, { session, dataProvider: { call } as never });

describe('dashboard', () => {
    it('shows the tiles of GET /dashboard with links to the screens behind them', async () => {
        const call = vi.fn(async () => reply());
        dashboard(call);
        const customers = await screen.findByRole('link', { name: 'Customer accounts' });
        expect(call).toHaveBeenCalledWith('/dashboard', expect.anything());
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
        dashboard(async () => reply({ account: { id: 10, name: 'Contoso Offices', type: 'customer' } }));
        expect(await screen.findByText('Figures of Contoso Offices')).toBeInTheDocument();
        expect(screen.queryByText('Customer accounts')).toBeNull();
        expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    });

    it('lists users by role, each leading to the users list filtered on it', async () => {
        dashboard(async () => reply());
        const panel = await screen.findByRole('region', { name: 'Users by role' });
        const links = within(panel).getAllByRole('link');
        expect(links.map(l => l.textContent)).toEqual(['Dealer Admin2', 'Account Administrator3', 'Account User7']);
        expect(links[1]).toHaveAttribute('href', '/users?role=moderator&cross_account=true');
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
        expect(within(panel).getByText('Dana Dealer · modified · User #42')).toBeInTheDocument();
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

    it('fills the 30 days with zeros, oldest first', () => {
        const now = Date.parse('2026-11-22T10:00:00Z');
        const days = last30Days([{ day: '2026-11-20', count: 5 }], now);
        expect(days).toHaveLength(30);
        expect(days[0]).toEqual({ day: '2026-10-24', count: 0 });
        expect(days[27]).toEqual({ day: '2026-11-20', count: 5 });
        expect(days[29]!.day).toBe('2026-11-22');
    });
});
