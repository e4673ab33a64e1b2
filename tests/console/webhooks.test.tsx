import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibleMenu } from '../../contract/menu';
import type { Delivery, Webhook } from '../../contract/webhooks';
import { dataProvider } from '../../src/dataProvider';
import { saveCurrentAccountId, saveUser, tokens } from '../../src/dataProvider/tokens';
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

/** A request the console sent, as the server reads it. */
interface Sent {
    method: string;
    path: string;
    body: unknown;
}

const json = (status: number, body: unknown) =>
    status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The webhooks API of one account behind the console's own dataProvider (fetch), as the screen calls it;
 * `fail` answers the list with that status and a request id; every write is kept.
 */
const page = (
    initial: Webhook[],
    options: {
        role?: 'moderator' | 'installer';
        refuse?: Record<string, string>;
        fail?: { list?: number; replay?: number; remove?: number };
    } = {},
) => {
    let hooks = [...initial];
    const sent: Sent[] = [];
    const answer = (method: string, path: string, body: Record<string, unknown>) => {
        if (path === '/webhooks' && method === 'GET') {
            if (options.fail?.list) return json(options.fail.list, { error: 'Internal Server Error', request_id: 'req-list-7f3a' });
            return json(200, { result: hooks, count: hooks.length });
        }
        if (path === '/webhooks' && method === 'POST') {
            if (options.refuse) return json(400, { error: 'Validation error', fields: options.refuse, request_id: 'req-post' });
            const made = hook({ id: 4, url: String(body.url), description: String(body.description) });
            hooks = [made, ...hooks];
            return json(201, made);
        }
        const one = /^\/webhooks\/(\d+)$/.exec(path);
        if (one && method === 'PUT') {
            const { account_id: _account, ...change } = body;
            hooks = hooks.map(h => (h.id === Number(one[1]) ? { ...h, ...(change as Partial<Webhook>), paused_at: null } : h));
            return json(
                200,
                hooks.find(h => h.id === Number(one[1])),
            );
        }
        if (one && method === 'DELETE') {
            if (options.fail?.remove) return json(options.fail.remove, { error: 'The webhook is in use.', request_id: 'req-delete-5d1e' });
            hooks = hooks.filter(h => h.id !== Number(one[1]));
            return json(204, null);
        }
        if (path === '/webhooks/3/deliveries')
            return json(200, {
                result: [delivery(), delivery({ id: 902, status: 'delivered', attempts: 1, last_status_code: 200, last_error: null })],
                count: 2,
            });
        if (path === '/webhooks/3/deliveries/901/replay') {
            if (options.fail?.replay) return json(options.fail.replay, { error: 'Delivery is being sent', request_id: 'req-replay-91c2' });
            return json(200, delivery({ status: 'pending' }));
        }
        return json(404, { error: `unexpected ${method} ${path}` });
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://console.test');
            const path = url.pathname.replace(/^\/api\/v2/, '');
            const method = init.method ?? 'GET';
            const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
            if (method !== 'GET') sent.push({ method, path, body });
            return answer(method, path, body);
        }),
    );
    const session = testSession(options.role ?? 'moderator');
    tokens.save({ token: 'T', refresh_token: 'R' });
    saveUser(session.me);
    saveCurrentAccountId(session.me.id, session.currentAccountId);
    renderInAdmin(
        <>
            <WebhooksPage />
            <AppNotification />
        </>,
        { session, dataProvider: dataProvider as never },
    );
    return sent;
};

afterEach(() => vi.unstubAllGlobals());

describe('the webhooks screen (docs/decisions.md "Webhooks")', () => {
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
        const sent = page([
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
        // the current account's id goes with every write (SPEC 7.1)
        await waitFor(() =>
            expect(sent).toContainEqual({ method: 'PUT', path: '/webhooks/5', body: { status: 'active', account_id: 10 } }),
        );
        await waitFor(() =>
            expect(within(screen.getByRole('table', { name: 'Webhooks' })).queryByRole('button', { name: /Resume/ })).toBeNull(),
        );
    });

    it('creates a webhook, warning that the secret will not be shown again', async () => {
        const sent = page([]);
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
        expect(sent).toContainEqual({
            method: 'POST',
            path: '/webhooks',
            body: {
                url: 'https://hooks.example.com/new',
                secret: 'a-secret-long-enough-1234',
                description: 'New one',
                event_types: [],
                account_id: 10,
            },
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
        const sent = page([hook()]);
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
        // a delivery is the webhook's: no account_id is added
        await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/webhooks/3/deliveries/901/replay', body: {} }));
        expect(await screen.findByText('Delivery 901 will be sent again')).toBeInTheDocument();
    });

    it('says the list could not be loaded, in a notice that keeps the request id to copy, and offers Refresh', async () => {
        page([hook()], { fail: { list: 500 } });
        expect(await screen.findByText('Request ID: req-list-7f3a')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
        expect(screen.queryByRole('table', { name: 'Webhooks' })).toBeNull();
    });

    it('tells a refused replay with its request id', async () => {
        page([hook()], { fail: { replay: 409 } });
        fireEvent.click(await screen.findByRole('button', { name: 'Deliveries of https://hooks.example.com/doors' }));
        const table = await screen.findByRole('table', { name: 'Deliveries' });
        fireEvent.click(within(table).getByRole('button', { name: 'Replay delivery 901' }));
        expect(await screen.findByText('The delivery could not be replayed')).toBeInTheDocument();
        expect(await screen.findByText('Request ID: req-replay-91c2')).toBeInTheDocument();
    });

    it('deletes undoably through the console dataProvider: nothing is sent before the notice closes, nothing at all after Undo', async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        try {
            const sent = page([hook()]);
            const table = await screen.findByRole('table', { name: 'Webhooks' });
            fireEvent.click(within(table).getByRole('button', { name: 'Delete https://hooks.example.com/doors' }));
            expect(screen.queryByRole('dialog')).toBeNull();
            const notice = await screen.findByRole('status');
            expect(notice).toHaveTextContent('Webhook deleted');
            await waitFor(() => expect(screen.queryByText('Door log')).toBeNull());
            fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
            expect(await screen.findByText('Door log')).toBeInTheDocument();
            await act(async () => void vi.advanceTimersByTime(10_000));
            expect(sent.filter(s => s.method === 'DELETE')).toEqual([]);

            fireEvent.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/doors' }));
            expect(await screen.findByRole('status')).toHaveTextContent('Webhook deleted');
            await act(async () => void vi.advanceTimersByTime(5_000));
            await waitFor(() => expect(sent.filter(s => s.method === 'DELETE').map(s => s.path)).toEqual(['/webhooks/3']));
            expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
        } finally {
            vi.useRealTimers();
        }
    });

    it('a delete the server refuses once the notice closes puts the webhook back and shows why, with the request id', async () => {
        const sent = page([hook()], { fail: { remove: 409 } });
        fireEvent.click(await screen.findByRole('button', { name: 'Delete https://hooks.example.com/doors' }));
        expect(await screen.findByRole('status')).toHaveTextContent('Webhook deleted');
        await waitFor(() => expect(screen.queryByText('Door log')).toBeNull());
        fireEvent.keyDown(document, { key: 'Escape' });
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('The webhook could not be deleted');
        expect(alert).toHaveTextContent('The webhook is in use.');
        expect(alert).toHaveTextContent('Request ID: req-delete-5d1e');
        expect(await screen.findByText('Door log')).toBeInTheDocument();
        expect(sent.filter(s => s.method === 'DELETE')).toHaveLength(1);
    });
});
