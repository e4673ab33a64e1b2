import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { visibleMenu } from '../../contract/menu';
import type { Delivery, Webhook } from '../../contract/webhooks';
import { features } from '../../src/features';
import { AppNotification } from '../../src/notifications/AppNotification';
import { WebhooksPage } from '../../src/resources/webhooks/WebhooksPage';
import { renderInAdmin, testSession } from './render';

const hook = (over: Partial<Webhook> = {}): Webhook => ({
    id: 3,
    account_id: 12,
    account_name: 'Contoso Offices',
    url: 'https://hooks.example.com/doors',
    description: 'Door log',
    event_types: [],
    status: 'active',
    failing_since: null,
    paused_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...over,
});
const delivery = (over: Partial<Delivery> = {}): Delivery => ({
    id: 901,
    webhook_id: 3,
    event_id: 5511,
    event_type: 'TailgatingByUnknownUser',
    status: 'failed',
    attempts: 17,
    last_status_code: 503,
    last_error: 'HTTP 503',
    next_attempt_at: null,
    last_attempt_at: '2026-11-21T08:00:00.000Z',
    delivered_at: null,
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
});

type Options = { method?: string; body?: Record<string, unknown>; query?: Record<string, unknown> };

/** The webhooks API of one account, as the screen calls it. */
const page = (initial: Webhook[], options: { role?: 'moderator' | 'installer'; refuse?: Record<string, string> } = {}) => {
    let hooks = [...initial];
    const call = vi.fn(async (path: string, o: Options = {}) => {
        const method = o.method ?? 'GET';
        if (path === '/webhooks' && method === 'GET') return { result: hooks, count: hooks.length };
        if (path === '/webhooks' && method === 'POST') {
            if (options.refuse)
                throw Object.assign(new Error('Validation error'), {
                    status: 400,
                    body: { error: 'Validation error', fields: options.refuse },
                });
            const made = hook({ id: 4, url: String(o.body!.url), description: String(o.body!.description) });
            hooks = [made, ...hooks];
            return made;
        }
        const one = /^\/webhooks\/(\d+)$/.exec(path);
        if (one && method === 'PUT') {
            hooks = hooks.map(h => (h.id === Number(one[1]) ? { ...h, ...(o.body as Partial<Webhook>), paused_at: null } : h));
            return hooks.find(h => h.id === Number(one[1]));
        }
        if (path === '/webhooks/3/deliveries')
            return {
                result: [delivery(), delivery({ id: 902, status: 'delivered', attempts: 1, last_status_code: 200, last_error: null })],
                count: 2,
            };
        if (path === '/webhooks/3/deliveries/901/replay') return delivery({ status: 'pending' });
        throw new Error(`unexpected ${method} ${path}`);
    });
    renderInAdmin(
        <>
            <WebhooksPage />
            <AppNotification />
        </>,
        { session: testSession(options.role ?? 'moderator'), dataProvider: { call } as never },
    );
    return call;
};

describe('the webhooks screen', () => {
    it('is a menu entry for the staff who hold the webhooks right, not for managers and users', () => {
        expect(features.flatMap(p => p.routes ?? []).find(r => r.path === '/webhooks')?.routeKey).toBe('webhooks');
        const keys = (role: 'moderator' | 'manager' | 'user') =>
            visibleMenu(testSession(role).flags)
                .flatMap(e => ('items' in e ? e.items : [e]))
                .map(i => i.key);
        expect(keys('moderator')).toContain('webhooks');
        expect(keys('manager')).not.toContain('webhooks');
        expect(keys('user')).not.toContain('webhooks');
    });

    it('lists the webhooks with their types and state; a paused one shows since when and can be resumed', async () => {
        const call = page([
            hook(),
            hook({
                id: 5,
                url: 'https://siem.example.com/in',
                description: 'SIEM',
                event_types: ['TailgatingByUnknownUser'],
                status: 'paused',
                paused_at: '2026-11-25T10:00:00.000Z',
            }),
        ]);
        const table = await screen.findByRole('table', { name: 'Webhooks' });
        const [, first, second] = within(table).getAllByRole('row');
        expect(first).toHaveTextContent('Door log');
        expect(first).toHaveTextContent('All events');
        expect(first).toHaveTextContent('Active');
        expect(within(first!).queryByRole('button', { name: /Resume/ })).toBeNull();
        expect(second).toHaveTextContent('Tailgating by unknown user');
        expect(second).toHaveTextContent('Paused');
        expect(second).toHaveTextContent('Paused on');

        fireEvent.click(within(second!).getByRole('button', { name: 'Resume https://siem.example.com/in' }));
        await waitFor(() => expect(call).toHaveBeenCalledWith('/webhooks/5', { method: 'PUT', body: { status: 'active' } }));
        await waitFor(() =>
            expect(within(screen.getByRole('table', { name: 'Webhooks' })).queryByRole('button', { name: /Resume/ })).toBeNull(),
        );
    });

    it('creates a webhook, warning that the secret will not be shown again', async () => {
        const call = page([]);
        expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
        expect(dialog).toHaveTextContent('The secret will not be shown again');
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), { target: { value: 'https://hooks.example.com/new' } });
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'New one' } });
        const save = within(dialog).getByRole('button', { name: 'Save' });
        fireEvent.change(within(dialog).getByLabelText(/Secret/), { target: { value: 'short' } });
        expect(dialog).toHaveTextContent('At least 16 characters');
        expect(save).toBeDisabled();
        fireEvent.change(within(dialog).getByLabelText(/Secret/), { target: { value: 'a-secret-long-enough-1234' } });
        fireEvent.click(save);
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(call).toHaveBeenCalledWith('/webhooks', {
            method: 'POST',
            body: { url: 'https://hooks.example.com/new', secret: 'a-secret-long-enough-1234', description: 'New one', event_types: [] },
        });
        expect(await screen.findByRole('table', { name: 'Webhooks' })).toHaveTextContent('New one');
        expect(document.body).not.toHaveTextContent('a-secret-long-enough-1234');
    });

    it("shows the server's reason under the URL when it refuses the address", async () => {
        page([], {
            refuse: {
                url: 'This URL leads to a private, loopback, link-local or otherwise non-public address, which this platform does not call.',
            },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), { target: { value: 'http://10.0.0.5/hook' } });
        fireEvent.change(within(dialog).getByLabelText(/Secret/), { target: { value: 'a-secret-long-enough-1234' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
        expect(await within(dialog).findByText(/non-public address/)).toBeInTheDocument();
        expect(screen.getByRole('dialog', { name: 'Add webhook' })).toBeInTheDocument();
    });

    it("lists a webhook's deliveries with tries and last reply, and replays one", async () => {
        const call = page([hook()]);
        fireEvent.click(await screen.findByRole('button', { name: 'Deliveries of https://hooks.example.com/doors' }));
        const table = await screen.findByRole('table', { name: 'Deliveries' });
        const [, failed, delivered] = within(table).getAllByRole('row');
        expect(failed).toHaveTextContent('901');
        expect(failed).toHaveTextContent('Tailgating by unknown user');
        expect(failed).toHaveTextContent('Failed');
        expect(failed).toHaveTextContent('17');
        expect(failed).toHaveTextContent('HTTP 503');
        expect(delivered).toHaveTextContent('Delivered');
        fireEvent.click(within(failed!).getByRole('button', { name: 'Replay delivery 901' }));
        await waitFor(() =>
            expect(call).toHaveBeenCalledWith('/webhooks/3/deliveries/901/replay', { method: 'POST', body: {}, noAccount: true }),
        );
        expect(await screen.findByText('Delivery 901 will be sent again')).toBeInTheDocument();
    });
});
