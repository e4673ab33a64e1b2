import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { ALERT_RULE_MESSAGES } from '../../contract/alertRules';
import { AlertRuleCreate, AlertRuleEdit } from '../../src/resources/alert-rules/AlertRuleForm';
import { AlertRuleList } from '../../src/resources/alert-rules/AlertRuleList';
import { AppNotification } from '../../src/notifications/AppNotification';
import { renderInAdmin, testSession } from './render';

const RULES = [
    {
        id: 1,
        account_id: 10,
        name: 'Strangers at night',
        enabled: true,
        event_types: ['CrossingByUnknownUser'],
        event_groups: [],
        device_ids: [4],
        access_group_ids: [],
        user_ids: [7, 8],
        emails: ['guard@site.example'],
        addresses: [
            {
                email: 'guard@site.example',
                state: 'confirmed',
                asked_at: '2026-11-01T10:00:00Z',
                answered_at: '2026-11-01T10:05:00Z',
                last_error: null,
                last_error_at: null,
            },
        ],
        user_mail_errors: [],
        webhook_ids: [],
        delivery: 'immediate',
        digest_period: null,
        created_at: '2026-11-01T10:00:00Z',
        updated_at: '2026-11-01T10:00:00Z',
    },
    {
        id: 2,
        account_id: 10,
        name: 'Everything, daily',
        enabled: false,
        event_types: [],
        event_groups: [],
        device_ids: [],
        access_group_ids: [],
        user_ids: [],
        emails: ['boss@site.example'],
        addresses: [
            { email: 'boss@site.example', state: 'waiting', asked_at: null, answered_at: null, last_error: null, last_error_at: null },
        ],
        user_mail_errors: [],
        webhook_ids: [3],
        delivery: 'digest',
        digest_period: 'daily',
        created_at: '2026-11-01T10:00:00Z',
        updated_at: '2026-11-01T10:00:00Z',
    },
];

const list = (role: 'moderator' | 'manager') =>
    renderInAdmin(
        <ResourceContextProvider value="alert_rules">
            <AlertRuleList />
        </ResourceContextProvider>,
        {
            session: testSession(role),
            path: '/alert_rules',
            dataProvider: { getList: (async () => ({ data: RULES, total: 2 })) as never },
        },
    );

/** The edit page of rule 1, as a moderator, with the list it goes back to and the notices; the rest of the API answers empty. */
const renderRuleEdit = (rule: unknown, provider: Record<string, unknown>) =>
    renderInAdmin(
        <ResourceContextProvider value="alert_rules">
            <Routes>
                <Route path="/alert_rules/:id" element={<AlertRuleEdit />} />
                <Route path="/alert_rules" element={<p>the list</p>} />
            </Routes>
            <AppNotification />
        </ResourceContextProvider>,
        {
            session: testSession('moderator'),
            path: '/alert_rules/1',
            dataProvider: {
                getOne: (async () => ({ data: rule })) as never,
                getList: (async () => ({ data: [], total: 0 })) as never,
                getMany: (async () => ({ data: [] })) as never,
                ...provider,
            } as never,
        },
    );

describe('the alert rules list', () => {
    it('says of each rule what it matches, who gets it, how and whether it is on', async () => {
        list('moderator');
        const first = (await screen.findByText('Strangers at night')).closest('tr')!;
        expect(within(first).getByText('Crossing by unknown user (1 device)')).toBeInTheDocument();
        expect(within(first).getByText('2 users, guard@site.example')).toBeInTheDocument();
        expect(within(first).getByText('At once')).toBeInTheDocument();
        const second = screen.getByText('Everything, daily').closest('tr')!;
        expect(within(second).getByText('Any event')).toBeInTheDocument();
        expect(within(second).getByText('boss@site.example, 1 webhook')).toBeInTheDocument();
        expect(within(second).getByText('Daily digest')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Add alert rule' })).toBeInTheDocument();
    });

    it('offers no way to add a rule to a manager, who reads them', async () => {
        list('manager');
        expect(await screen.findByText('Strangers at night')).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: 'Add alert rule' })).toBeNull();
    });
});

const create = () => {
    const createFn = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
    renderInAdmin(
        <ResourceContextProvider value="alert_rules">
            <Routes>
                <Route path="/alert_rules/create" element={<AlertRuleCreate />} />
                <Route path="/alert_rules" element={<p>the list</p>} />
            </Routes>
        </ResourceContextProvider>,
        {
            session: testSession('moderator'),
            path: '/alert_rules/create',
            dataProvider: {
                create: createFn as never,
                getList: (async () => ({ data: [], total: 0 })) as never,
                getMany: (async () => ({ data: [] })) as never,
            },
        },
    );
    return createFn;
};

describe('the alert rule form', () => {
    it('asks for a recipient and for addresses that are addresses before it sends anything', async () => {
        const createFn = create();
        fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Doors' } });
        fireEvent.click(screen.getByRole('button', { name: 'Add alert rule' }));
        expect(await screen.findByText(ALERT_RULE_MESSAGES.noRecipient)).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('E-mail addresses'), { target: { value: 'guard@site.example\nnot an address' } });
        fireEvent.click(screen.getByRole('button', { name: 'Add alert rule' }));
        expect(await screen.findByText(ALERT_RULE_MESSAGES.badAddress)).toBeInTheDocument();
        expect(createFn).not.toHaveBeenCalled();
    });

    it('sends the free addresses as a list, and a digest with its period', async () => {
        const createFn = create();
        fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Doors' } });
        fireEvent.change(screen.getByLabelText('E-mail addresses'), { target: { value: 'guard@site.example\nboss@site.example, ' } });
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sending' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Digest' }));
        fireEvent.click(screen.getByRole('button', { name: 'Add alert rule' }));
        expect(await screen.findByText(ALERT_RULE_MESSAGES.periodRequired)).toBeInTheDocument();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Digest period' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Hourly digest' }));
        fireEvent.click(screen.getByRole('button', { name: 'Add alert rule' }));
        await waitFor(() => expect(createFn).toHaveBeenCalled());
        expect(createFn.mock.calls[0]![1].data).toEqual({
            name: 'Doors',
            enabled: true,
            event_types: [],
            event_groups: [],
            device_ids: [],
            access_group_ids: [],
            user_ids: [],
            emails: ['guard@site.example', 'boss@site.example'],
            webhook_ids: [],
            delivery: 'digest',
            digest_period: 'hourly',
        });
        expect(await screen.findByText('the list')).toBeInTheDocument();
    });
});

describe('editing an alert rule', () => {
    it('shows its addresses one a line and saves what was changed with the rest as it was', async () => {
        const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({
            data: { id: params.id, ...params.data },
        }));
        renderRuleEdit(RULES[0], { update });
        expect(await screen.findByDisplayValue('Strangers at night')).toBeInTheDocument();
        expect(screen.getByLabelText('E-mail addresses')).toHaveValue('guard@site.example');
        fireEvent.change(screen.getByLabelText('E-mail addresses'), { target: { value: 'guard@site.example\nnight@site.example' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalled());
        expect(update.mock.calls[0]![1].data).toEqual({
            name: 'Strangers at night',
            enabled: true,
            event_types: ['CrossingByUnknownUser'],
            event_groups: [],
            device_ids: [4],
            access_group_ids: [],
            user_ids: [7, 8],
            emails: ['guard@site.example', 'night@site.example'],
            webhook_ids: [],
            delivery: 'immediate',
            digest_period: null,
        });
    });
});

describe('deleting an alert rule (docs/decisions.md "Deletes: undo or a named confirmation")', () => {
    it('goes back to the list with an undo notice, asking nothing, and sends DELETE only when the notice closes', async () => {
        const remove = vi.fn(async (_resource: string, params: { id: number }) => ({ data: { id: params.id } }));
        renderRuleEdit(RULES[0], { delete: remove });
        expect(await screen.findByDisplayValue('Strangers at night')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
        expect(screen.queryByRole('dialog')).toBeNull();
        expect(await screen.findByText('the list')).toBeInTheDocument();
        const notice = await screen.findByRole('status');
        expect(notice).toHaveTextContent('Element deleted');
        expect(within(notice).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
        expect(remove).not.toHaveBeenCalled();
        fireEvent.keyDown(document, { key: 'Escape' });
        await waitFor(() => expect(remove).toHaveBeenCalledWith('alert_rules', expect.objectContaining({ id: 1 })));
    });
});

describe('the outside addresses of a saved rule', () => {
    const RULE = {
        ...RULES[0]!,
        emails: ['guard@site.example', 'night@site.example', 'gone@site.example'],
        addresses: [
            {
                email: 'guard@site.example',
                state: 'waiting',
                asked_at: '2026-11-01T10:00:00Z',
                answered_at: null,
                last_error: null,
                last_error_at: null,
            },
            {
                email: 'night@site.example',
                state: 'confirmed',
                asked_at: '2026-11-01T10:00:00Z',
                answered_at: '2026-11-01T11:00:00Z',
                last_error: '550 No such mailbox',
                last_error_at: '2026-11-02T10:00:00Z',
            },
            {
                email: 'gone@site.example',
                state: 'refused',
                asked_at: '2026-11-01T10:00:00Z',
                answered_at: '2026-11-01T12:00:00Z',
                last_error: null,
                last_error_at: null,
            },
        ],
        user_mail_errors: [{ user_id: 8, email: 'manager@site.example', error: '550 Mailbox full', at: '2026-11-02T10:00:00Z' }],
    };
    const edit = (call: (path: string, options: { method: string; body: object }) => Promise<unknown>) => renderRuleEdit(RULE, { call });

    it('says where each stands and the last refusal, and offers to ask again only the one still waiting', async () => {
        const call = vi.fn(async () => RULE);
        edit(call);
        const section = await screen.findByRole('region', { name: 'Addresses outside the account' });
        const row = (email: string) => within(section).getByText(email).closest('li')!;
        expect(within(row('guard@site.example')).getByText('Waiting for confirmation')).toBeInTheDocument();
        expect(within(row('night@site.example')).getByText('Confirmed')).toBeInTheDocument();
        expect(within(row('night@site.example')).getByText(/last mail refused: 550 No such mailbox/)).toBeInTheDocument();
        expect(within(row('gone@site.example')).getByText('Refused')).toBeInTheDocument();
        expect(within(row('manager@site.example')).getByText(/last mail refused: 550 Mailbox full/)).toBeInTheDocument();
        expect(within(section).getAllByRole('button', { name: 'Send the confirmation again' })).toHaveLength(1);
        fireEvent.click(within(row('guard@site.example')).getByRole('button', { name: 'Send the confirmation again' }));
        await waitFor(() => expect(call).toHaveBeenCalled());
        expect(call.mock.calls[0]).toEqual([
            '/alert_rules/1/confirmations',
            { method: 'POST', body: { email: 'guard@site.example', account_id: 10 } },
        ]);
        expect(await screen.findByText('Confirmation mail sent again')).toBeInTheDocument();
    });

    it('tells, in the user’s words, why the confirmation was not sent again', async () => {
        const call = vi.fn(async () => {
            throw Object.assign(new Error('Too many'), {
                status: 429,
                body: { error: ALERT_RULE_MESSAGES.resendTooSoon, request_id: 'r-1' },
            });
        });
        edit(call);
        fireEvent.click(await screen.findByRole('button', { name: 'Send the confirmation again' }));
        expect(await screen.findByText('The confirmation mail was not sent')).toBeInTheDocument();
        expect(screen.getByText(ALERT_RULE_MESSAGES.resendTooSoon)).toBeInTheDocument();
    });
});
