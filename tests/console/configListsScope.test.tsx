import type { ComponentType } from 'react';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '../../contract/roles';
import { QuickViewProvider } from '../../src/components/quickView';
import { AccessGroupList } from '../../src/resources/access-groups/AccessGroupList';
import { AlertRuleCreate } from '../../src/resources/alert-rules/AlertRuleForm';
import { AlertRuleList } from '../../src/resources/alert-rules/AlertRuleList';
import { AuditLogList } from '../../src/resources/audit-logs/AuditLogList';
import { ReaderList } from '../../src/resources/readers/ReaderList';
import { ScheduleCreate } from '../../src/resources/schedules/ScheduleForm';
import { ScheduleList } from '../../src/resources/schedules/ScheduleList';
import { UserList } from '../../src/resources/users/UserViews';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

// Lists, their filters and drawers: on a busy machine they take more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** The accounts the dealer reaches; its own (10, Contoso Offices in testSession) and a customer below it. */
const ACCOUNTS = [
    { id: 10, name: 'Contoso Offices', ref_number: 'C-10', type: 'customer', parent_id: 2, main: false },
    { id: 12, name: 'Fabrikam Labs', ref_number: 'F-12', type: 'customer', parent_id: 2, main: false },
];
const at = '2026-11-01T10:00:00Z';
const ruleOf = (id: number, account_id: number, name: string) => ({
    id,
    account_id,
    name,
    enabled: true,
    event_types: [],
    event_groups: [],
    device_ids: [],
    access_group_ids: [],
    user_ids: [],
    emails: [],
    addresses: [],
    user_mail_errors: [],
    webhook_ids: [],
    delivery: 'immediate',
    digest_period: null,
    created_at: at,
    updated_at: at,
});

interface ListCase {
    resource: string;
    path: string;
    List: ComponentType;
    /** two rows, the first in Fabrikam Labs (12), the second in Contoso Offices (10) */
    rows: object[];
    /** the text that names the first row */
    first: string;
    /** what the empty list says to a role that may create, and its button */
    empty: string;
    add?: { role: Role; name: string; kind: 'button' | 'link' };
    /** a role that reads the list but may not create, and what the empty list says to it */
    reader?: { role: Role; empty: string };
}

const CASES: ListCase[] = [
    {
        resource: 'access_groups',
        path: '/access_groups',
        List: AccessGroupList,
        rows: [
            {
                id: 1,
                account_id: 12,
                account_name: 'Fabrikam Labs',
                description: 'Lab staff',
                default_group: true,
                schedule_id: null,
                devices_count: 1,
                profiles_count: 4,
                created_at: at,
                updated_at: at,
            },
            {
                id: 2,
                account_id: 10,
                account_name: 'Contoso Offices',
                description: 'Office staff',
                default_group: true,
                schedule_id: null,
                devices_count: 2,
                profiles_count: 9,
                created_at: at,
                updated_at: at,
            },
        ],
        first: 'Lab staff',
        empty: 'An access group lets its members through at the devices that serve it. Add one, then give it devices and members.',
        add: { role: 'moderator', name: 'Add Access Group', kind: 'button' },
        reader: {
            role: 'manager',
            empty: 'An access group lets its members through at the devices that serve it. The account’s administrators and installers create them.',
        },
    },
    {
        resource: 'schedules',
        path: '/schedules',
        List: ScheduleList,
        rows: [
            {
                id: 3,
                account_id: 12,
                account_name: 'Fabrikam Labs',
                name: 'Lab hours',
                time_zone: 'Europe/Paris',
                windows: [],
                holidays: [],
                exceptions: [],
                groups_count: 1,
                created_at: at,
                updated_at: at,
            },
            {
                id: 4,
                account_id: 10,
                account_name: 'Contoso Offices',
                name: 'Office hours',
                time_zone: 'Europe/Paris',
                windows: [],
                holidays: [],
                exceptions: [],
                groups_count: 0,
                created_at: at,
                updated_at: at,
            },
        ],
        first: 'Lab hours',
        empty: 'A schedule sets the hours when an access group’s members may pass; a group without one is always open. Add one, then choose it on an access group.',
        add: { role: 'moderator', name: 'Add Schedule', kind: 'link' },
        reader: {
            role: 'manager',
            empty: 'A schedule sets the hours when an access group’s members may pass; a group without one is always open. The account’s administrators and installers create them.',
        },
    },
    {
        resource: 'readers',
        path: '/readers',
        List: ReaderList,
        // readers carry account_id only: the column names it from the console's account list
        rows: [
            { id: 5, account_id: 12, description: 'Lab door', hardware_id: null, device: null, created_at: at, updated_at: at },
            { id: 6, account_id: 10, description: 'Front door', hardware_id: null, device: null, created_at: at, updated_at: at },
        ],
        first: 'Lab door',
        empty: 'A reader is a door of the access control system (ACS). Create one, then link it to the device at that door.',
        add: { role: 'moderator', name: 'Create reader', kind: 'button' },
        reader: {
            role: 'manager',
            empty: 'A reader is a door of the access control system (ACS). The account’s administrators and installers create them.',
        },
    },
    {
        resource: 'alert_rules',
        path: '/alert_rules',
        List: AlertRuleList,
        rows: [ruleOf(7, 12, 'Lab intruders'), ruleOf(8, 10, 'Office intruders')],
        first: 'Lab intruders',
        empty: 'An alert rule mails chosen users, or calls the account’s webhooks, when events of a kind happen. Add one to be told of them.',
        add: { role: 'moderator', name: 'Add alert rule', kind: 'link' },
        reader: {
            role: 'manager',
            empty: 'An alert rule mails chosen users, or calls the account’s webhooks, when events of a kind happen. The account’s administrators create them.',
        },
    },
    {
        resource: 'users',
        path: '/users',
        List: UserList,
        // every role that reads users may create them: no reader case
        rows: [
            { id: 20, name: 'Lab Keeper', email: 'keeper@fabrikam.example', role: 'manager', account: { id: 12, name: 'Fabrikam Labs' } },
            { id: 21, name: 'Desk Clerk', email: 'clerk@contoso.example', role: 'user', account: { id: 10, name: 'Contoso Offices' } },
        ].map(u => ({ ...u, external_user: false, tfa_enabled: false, password_changed: true, created_at: at, updated_at: at })),
        first: 'Lab Keeper',
        empty: 'Each person who signs in to this console is a user of one account, with a role. Create one for each person who works in the account.',
        add: { role: 'moderator', name: 'Create user', kind: 'button' },
    },
    {
        resource: 'audit_logs',
        path: '/audit_logs',
        List: AuditLogList,
        rows: [
            { id: 30, timestamp: at, account_id: 12, account_name: 'Fabrikam Labs', user_name: 'Lab Keeper', action: 'create' },
            { id: 31, timestamp: at, account_id: 10, account_name: 'Contoso Offices', user_name: 'Desk Clerk', action: 'update' },
        ].map(r => ({ ...r, resource: 'users', entity: 'User', entity_id: '1', before: null, after: null, ip: null, request_id: null })),
        first: 'Lab Keeper',
        empty: 'Every change made in the console or through the API is recorded here, with who made it and when.',
    },
];

type Rows = Record<string, object[]>;
/** A data provider answering the accounts and `rows` by resource, and creating what it is given. */
const provider = (rows: Rows) => ({
    getList: vi.fn(async (resource: string, _params?: { filter?: Record<string, unknown> }) => {
        const data = resource === 'accounts' ? ACCOUNTS : (rows[resource] ?? []);
        return { data, total: data.length };
    }),
    getMany: vi.fn(async (resource: string, params: { ids: unknown[] }) => ({
        data: (resource === 'accounts' ? ACCOUNTS : (rows[resource] ?? [])).filter(r =>
            params.ids.map(String).includes(String((r as { id: number }).id)),
        ),
    })),
    create: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 99, ...params.data } })),
});

const render = (c: Pick<ListCase, 'resource' | 'path' | 'List'>, role: Role, options: { rows?: Rows; path?: string } = {}) => {
    const dp = provider(options.rows ?? {});
    renderInAdmin(
        <QuickViewProvider>
            <ResourceContextProvider value={c.resource}>
                <c.List />
            </ResourceContextProvider>
            <Location />
        </QuickViewProvider>,
        { session: testSession(role), path: options.path ?? c.path, dataProvider: dp as unknown as Partial<DataProvider> },
    );
    return dp;
};

const listFilters = (dp: ReturnType<typeof provider>, resource: string) =>
    dp.getList.mock.calls.filter(([r]) => r === resource).map(([, params]) => params!.filter!);
const lastListFilter = (dp: ReturnType<typeof provider>, resource: string) => listFilters(dp, resource).at(-1)!;

describe.each(CASES)('the $resource list: one account scope (SPEC 6.3)', c => {
    const withRows = { rows: { [c.resource]: c.rows } };

    it('opens for a dealer in its own account on all its accounts, with the Account column', async () => {
        const dp = render(c, 'dealer', withRows);
        const row = (await screen.findByText(c.first)).closest('tr')!;
        expect(await within(row).findByText('Fabrikam Labs')).toBeInTheDocument();
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        // every call of the list asked across accounts, none in the current account alone
        expect(listFilters(dp, c.resource).length).toBeGreaterThan(0);
        for (const filter of listFilters(dp, c.resource)) expect(filter).toMatchObject({ cross_account: 'true', account_id: undefined });
    });

    it('asks a moderator’s list in its account, without account filter or column', async () => {
        const dp = render(c, 'moderator', withRows);
        const row = (await screen.findByText(c.first)).closest('tr')!;
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        expect(within(row).queryByText('Fabrikam Labs')).toBeNull();
        // the dataProvider adds the current account_id to a query that names none
        for (const filter of listFilters(dp, c.resource)) {
            expect(filter.cross_account).toBeUndefined();
            expect(filter.account_id).toBeUndefined();
        }
    });

    it('asks with account_id once the dealer chooses an account, and drops the Account column', async () => {
        const dp = render(c, 'dealer', withRows);
        await screen.findByText(c.first);
        const account = screen.getByRole('combobox', { name: 'Account' });
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await waitFor(() => expect(lastListFilter(dp, c.resource)).toMatchObject({ account_id: '12' }));
        expect(lastListFilter(dp, c.resource).cross_account).toBeUndefined();
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=12');
        await waitFor(() => expect(within(screen.getByText(c.first).closest('tr')!).queryByText('Fabrikam Labs')).toBeNull());
    });

    it('says how rows come to be when there is none, with the button that makes one where the role may', async () => {
        render(c, c.add?.role ?? 'moderator');
        const empty = await screen.findByTestId('list-empty');
        expect(empty).toHaveTextContent('Nothing here yet.');
        expect(empty).toHaveTextContent(c.empty);
        if (c.add) expect(within(empty).getByRole(c.add.kind, { name: c.add.name })).toBeInTheDocument();
        else expect(within(empty).queryByRole('button')).toBeNull();
    });

    // Lists every role that reads may also write to (users) or that nobody writes (the audit log) have no such case.
    const reader = c.reader;
    if (reader)
        it('offers no button in the empty list to a role that may not create, and says who does', async () => {
            render(c, reader.role);
            const empty = await screen.findByTestId('list-empty');
            expect(empty).toHaveTextContent(reader.empty);
            expect(within(empty).queryByRole(c.add!.kind, { name: c.add!.name })).toBeNull();
            expect(screen.queryByRole(c.add!.kind, { name: c.add!.name })).toBeNull();
        });

    it('tells filters that match nothing from a list with nothing yet, and clears them but the account', async () => {
        render(c, 'dealer', { path: `${c.path}?account_id=12&q=zzz` });
        const empty = await screen.findByTestId('list-empty');
        expect(empty).toHaveTextContent('Nothing matches these filters.');
        fireEvent.click(within(empty).getByRole('button', { name: 'Clear the filters' }));
        await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('q=zzz'));
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=12');
    });
});

const [groups, schedules, readers, rules, users] = CASES;

describe('where a list creates (docs/decisions.md "Where a list creates")', () => {
    it('adds an access group to the account the list is filtered on, and says so', async () => {
        const dp = render(groups!, 'dealer', { path: '/access_groups?account_id=12' });
        fireEvent.click(await screen.findByRole('button', { name: 'Add Access Group' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Add Access Group' });
        expect(await within(drawer!).findByText(/^The group is added to Fabrikam Labs\./)).toBeInTheDocument();
        // its schedule is one of that account's
        await waitFor(() =>
            expect(dp.getList).toHaveBeenCalledWith(
                'schedules',
                expect.objectContaining({ filter: expect.objectContaining({ account_id: 12 }) }),
            ),
        );
        fireEvent.change(within(drawer!).getByLabelText('Description'), { target: { value: 'Night crew' } });
        fireEvent.click(within(drawer!).getByRole('button', { name: 'Add Access Group' }));
        await waitFor(() => expect(dp.create).toHaveBeenCalled());
        expect(dp.create.mock.calls[0]![1].data).toMatchObject({ description: 'Night crew', account_id: 12 });
    });

    it('on All my accounts adds to the current account, and names it', async () => {
        const dp = render(groups!, 'dealer');
        fireEvent.click(await screen.findByRole('button', { name: 'Add Access Group' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Add Access Group' });
        expect(await within(drawer!).findByText(/^The group is added to Contoso Offices\./)).toBeInTheDocument();
        fireEvent.change(within(drawer!).getByLabelText('Description'), { target: { value: 'Night crew' } });
        fireEvent.click(within(drawer!).getByRole('button', { name: 'Add Access Group' }));
        await waitFor(() => expect(dp.create).toHaveBeenCalled());
        // the dataProvider adds the current account to a write that names none
        expect(dp.create.mock.calls[0]![1].data).not.toHaveProperty('account_id');
    });

    it('says nothing of accounts to a role that works in one', async () => {
        render(groups!, 'moderator');
        fireEvent.click(await screen.findByRole('button', { name: 'Add Access Group' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Add Access Group' });
        expect(await within(drawer!).findByLabelText('Description')).toBeInTheDocument();
        expect(within(drawer!).queryByTestId('creates-in')).toBeNull();
    });

    it('adds a reader to the filtered account, linking one of its devices', async () => {
        const dp = render(readers!, 'installer', { path: '/readers?account_id=12' });
        fireEvent.click(await screen.findByRole('button', { name: 'Create reader' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Create reader' });
        expect(await within(drawer!).findByText(/^The reader is added to Fabrikam Labs\./)).toBeInTheDocument();
        await waitFor(() => expect(dp.getList).toHaveBeenCalledWith('devices', expect.objectContaining({ filter: { account_id: 12 } })));
        fireEvent.change(within(drawer!).getByLabelText('Reader'), { target: { value: 'Lab door' } });
        fireEvent.click(within(drawer!).getByRole('button', { name: 'Create reader' }));
        await waitFor(() => expect(dp.create).toHaveBeenCalled());
        expect(dp.create.mock.calls[0]![1].data).toMatchObject({ description: 'Lab door', account_id: 12 });
    });

    it('starts a new user on the filtered account', async () => {
        render(users!, 'dealer', { path: '/users?account_id=12' });
        fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Create user' });
        await waitFor(() => expect(within(drawer!).getByRole('combobox', { name: 'Account' })).toHaveValue('Fabrikam Labs'));
    });

    it.each([
        ['schedules', schedules!, 'Add Schedule'],
        ['alert rules', rules!, 'Add alert rule'],
    ] as const)('opens the %s create page in the filtered account', async (_what, c, name) => {
        render(c, 'dealer', { path: `${c.path}?account_id=12` });
        expect(await screen.findByRole('link', { name })).toHaveAttribute('href', `${c.path}/create?account_id=12`);
    });

    const createPage = (resource: string, Create: ComponentType) => {
        const dp = provider({});
        renderInAdmin(
            <ResourceContextProvider value={resource}>
                <Routes>
                    <Route path={`/${resource}/create`} element={<Create />} />
                    <Route path="*" element={null} />
                </Routes>
            </ResourceContextProvider>,
            {
                session: testSession('dealer'),
                path: `/${resource}/create?account_id=12`,
                dataProvider: dp as unknown as Partial<DataProvider>,
            },
        );
        return dp;
    };

    it('the schedule create page adds to the account of its address, and says so', async () => {
        const dp = createPage('schedules', ScheduleCreate);
        expect(await screen.findByText(/^The schedule is added to Fabrikam Labs\./)).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Night shift' } });
        fireEvent.click(screen.getByRole('button', { name: 'Add Schedule' }));
        await waitFor(() => expect(dp.create).toHaveBeenCalled());
        expect(dp.create.mock.calls[0]![1].data).toMatchObject({ name: 'Night shift', account_id: 12 });
    });

    it('the alert rule create page offers that account’s devices, groups, users and webhooks, and says which', async () => {
        const dp = createPage('alert_rules', AlertRuleCreate);
        expect(await screen.findByText(/^The rule is added to Fabrikam Labs\./)).toBeInTheDocument();
        for (const resource of ['devices', 'access_groups', 'users', 'webhooks'])
            await waitFor(() =>
                expect(dp.getList).toHaveBeenCalledWith(
                    resource,
                    expect.objectContaining({ filter: expect.objectContaining({ account_id: 12 }) }),
                ),
            );
    });
});
