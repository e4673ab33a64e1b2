import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../contract/apiKeys';
import { dataProvider } from '../../src/dataProvider';
import { features } from '../../src/features';
import { AppNotification } from '../../src/notifications/AppNotification';
import { ApiKeysSection } from '../../src/resources/api-keys/ApiKeysSection';
import { renderInAdmin, testSession } from './render';

const KEY = 'ak_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
const row = (over: Partial<ApiKey> = {}): ApiKey => ({
    id: 7,
    account_id: 12,
    description: 'Payroll sync',
    role: 'manager',
    prefix: KEY.slice(0, 11),
    created_by: 1,
    created_by_name: 'Jane Doe',
    created_at: '2026-11-20T08:00:00.000Z',
    expires_at: null,
    last_used_at: '2026-11-25T09:30:00.000Z',
    last_used_ip: '203.0.113.9',
    revoked_at: null,
    status: 'active',
    ...over,
});

type Options = { method?: string; body?: Record<string, unknown>; query?: Record<string, unknown>; noAccount?: boolean };

/** A server of one account's keys, as the section calls it. */
const section = (initial: ApiKey[], role: 'moderator' | 'admin' = 'moderator') => {
    let keys = [...initial];
    const call = vi.fn(async (path: string, options: Options = {}) => {
        if (path === '/accounts/12/api_keys' && (options.method ?? 'GET') === 'GET') return { result: keys, count: keys.length };
        if (path === '/accounts/12/api_keys' && options.method === 'POST') {
            const made = row({
                id: 8,
                description: String(options.body!.description),
                role: options.body!.role as ApiKey['role'],
                last_used_at: null,
                last_used_ip: null,
            });
            keys = [made, ...keys];
            return { ...made, key: KEY };
        }
        const revoke = /^\/accounts\/12\/api_keys\/(\d+)$/.exec(path);
        if (revoke && options.method === 'DELETE') {
            keys = keys.map(k =>
                k.id === Number(revoke[1]) ? { ...k, status: 'revoked' as const, revoked_at: '2026-11-26T00:00:00.000Z' } : k,
            );
            return keys.find(k => k.id === Number(revoke[1]));
        }
        throw new Error(`unexpected ${options.method ?? 'GET'} ${path}`);
    });
    renderInAdmin(
        <>
            <ApiKeysSection accountId={12} />
            <AppNotification />
        </>,
        { session: testSession(role), dataProvider: { call } as never },
    );
    return call;
};

afterEach(() => vi.unstubAllGlobals());

describe('the API keys section of the account page (SPEC 3, 7.2)', () => {
    it('is a section of the account page for the roles that may read API keys', () => {
        const sections = features.flatMap(p => p.accountSections ?? []);
        expect(sections.find(s => s.key === 'api-keys')?.right).toEqual(['apiKeys', 'read']);
    });

    it("lists the account's keys: description, role, beginning of the key, creator, expiry, last use and status", async () => {
        section([
            row(),
            row({ id: 6, description: 'Old export', status: 'revoked', revoked_at: '2026-11-21T00:00:00.000Z', last_used_at: null }),
        ]);
        const table = await screen.findByRole('table', { name: 'API keys' });
        const [, first, second] = within(table).getAllByRole('row');
        expect(first).toHaveTextContent('Payroll sync');
        expect(first).toHaveTextContent('Account manager');
        expect(first).toHaveTextContent(`${KEY.slice(0, 11)}…`);
        expect(first).toHaveTextContent('Jane Doe');
        expect(first).toHaveTextContent('Never');
        expect(first).toHaveTextContent('203.0.113.9');
        expect(first).toHaveTextContent('Active');
        expect(first).not.toHaveTextContent(KEY);
        expect(second).toHaveTextContent('Not used yet');
        expect(second).toHaveTextContent('Revoked');
        // a revoked key has nothing left to revoke
        expect(within(second!).queryByRole('button', { name: /Revoke/ })).toBeNull();
    });

    it('creates a key with a role the user may give, shows it once with a copy button and a warning, then never again', async () => {
        const writeText = vi.fn(async () => undefined);
        Object.assign(navigator, { clipboard: { writeText } });
        const call = section([]);
        expect(await screen.findByText('This account has no API keys.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
        const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Door export' } });

        // A moderator may give moderator, manager and user (contract/roles.ts assignableRoles), nothing higher.
        fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
        const options = within(await screen.findByRole('listbox')).getAllByRole('option');
        expect(options.map(o => o.textContent)).toEqual(['Account administrator', 'Account manager', 'Account user']);
        fireEvent.click(options[1]!);

        fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
        const shown = await screen.findByRole('dialog', { name: 'API key created' });
        expect(call).toHaveBeenCalledWith('/accounts/12/api_keys', {
            method: 'POST',
            body: { description: 'Door export', role: 'manager', expires_at: null },
        });
        expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(KEY);
        expect(shown).toHaveTextContent('it will not be shown again');
        fireEvent.click(within(shown).getByRole('button', { name: 'Copy the key' }));
        await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
        expect(await within(shown).findByRole('status')).toHaveTextContent('Key copied');

        // Escape does not lose the key: only Done closes the dialog.
        fireEvent.keyDown(shown, { key: 'Escape' });
        expect(screen.getByRole('dialog', { name: 'API key created' })).toBeInTheDocument();
        fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        const table = await screen.findByRole('table', { name: 'API keys' });
        expect(table).toHaveTextContent('Door export');
        expect(document.body).not.toHaveTextContent(KEY);
        expect(screen.queryByDisplayValue(KEY)).toBeNull();
    });

    it('sends a chosen expiry day as the end of that day, and refuses a day already past', async () => {
        const call = section([], 'admin');
        fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
        const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
        fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Trial' } });
        const expiry = within(dialog).getByLabelText('Expires');
        fireEvent.change(expiry, { target: { value: '2001-01-01' } });
        expect(dialog).toHaveTextContent('Choose today or a later day');
        expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
        fireEvent.change(expiry, { target: { value: '2099-03-31' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
        await screen.findByRole('dialog', { name: 'API key created' });
        const body = call.mock.calls.find(([, o]) => o?.method === 'POST')![1]!.body!;
        expect(body.role).toBe('user');
        expect(new Date(String(body.expires_at)).getTime()).toBe(new Date(2099, 2, 31, 23, 59, 59, 999).getTime());
    });

    it('revokes a key only after OK in a confirmation; Cancel sends nothing', async () => {
        const call = section([row()]);
        const revoke = await screen.findByRole('button', { name: 'Revoke Payroll sync' });
        fireEvent.click(revoke);
        let dialog = await screen.findByRole('dialog', { name: 'Revoke the API key Payroll sync?' });
        expect(dialog).toHaveTextContent('refused from now on');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(call.mock.calls.filter(([, o]) => o?.method === 'DELETE')).toEqual([]);

        fireEvent.click(screen.getByRole('button', { name: 'Revoke Payroll sync' }));
        dialog = await screen.findByRole('dialog', { name: 'Revoke the API key Payroll sync?' });
        fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
        await waitFor(() => expect(call).toHaveBeenCalledWith('/accounts/12/api_keys/7', { method: 'DELETE', body: {} }));
        const table = await screen.findByRole('table', { name: 'API keys' });
        await waitFor(() => expect(table).toHaveTextContent('Revoked'));
        expect(screen.queryByRole('button', { name: 'Revoke Payroll sync' })).toBeNull();
    });

    it('offers neither creation nor revocation to a role without those rights', async () => {
        const call = vi.fn(async () => ({ result: [row()], count: 1 }));
        renderInAdmin(<ApiKeysSection accountId={12} />, { session: testSession('manager'), dataProvider: { call } as never });
        await screen.findByRole('table', { name: 'API keys' });
        expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
        expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    });

    it("says the keys could not be loaded, in a notice that keeps the server's request id, and offers Refresh", async () => {
        // the console's own dataProvider, in front of a server that fails
        vi.stubGlobal(
            'fetch',
            vi.fn(
                async () =>
                    new Response(JSON.stringify({ error: 'Internal Server Error', request_id: 'req-keys-5e1d' }), {
                        status: 500,
                        headers: { 'content-type': 'application/json' },
                    }),
            ),
        );
        renderInAdmin(
            <>
                <ApiKeysSection accountId={12} />
                <AppNotification />
            </>,
            { session: testSession('moderator'), dataProvider: dataProvider as never },
        );
        expect(await screen.findByText('Request ID: req-keys-5e1d')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
        expect(screen.queryByRole('table', { name: 'API keys' })).toBeNull();
    });
});
