import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { QuickViewProvider } from '../../src/components/quickView';
import { sentenceLines } from '../../src/notifications/notices';
import { AccessGroupDrawerForm } from '../../src/resources/access-groups/AccessGroupForm';
import { AccessGroupPage } from '../../src/resources/access-groups/AccessGroupPage';
import { renderAccessGroupList } from './accessGroupList';
import { renderInAdmin, testSession } from './render';

const GROUPS = [
    {
        id: 1,
        account_id: 10,
        account_name: 'Contoso Offices',
        description: 'All staff',
        default_group: true,
        devices_count: 3,
        profiles_count: 40,
        created_at: '2026-11-01T10:00:00Z',
        updated_at: '2026-11-01T10:00:00Z',
    },
    {
        id: 2,
        account_id: 10,
        account_name: 'Contoso Offices',
        description: 'Server room',
        default_group: false,
        devices_count: 1,
        profiles_count: 10,
        created_at: '2026-11-01T10:00:00Z',
        updated_at: '2026-11-01T10:00:00Z',
    },
];

describe('the Add/Edit Access Group drawer form (SPEC 2.6, 5)', () => {
    const add = () => {
        const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 5, ...params.data } }));
        const onDone = vi.fn();
        renderInAdmin(<AccessGroupDrawerForm onDone={onDone} />, {
            session: testSession('moderator'),
            // the schedule picker reads the schedules (docs/decisions.md "Schedules")
            dataProvider: { create: create as never, getList: (async () => ({ data: [], total: 0 })) as never },
        });
        return { create, onDone };
    };

    it('requires a description that is not blank and at most 255 characters', async () => {
        const { create } = add();
        const save = await screen.findByRole('button', { name: 'Add Access Group' });
        fireEvent.click(save);
        expect(await screen.findByText('Description is required')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Description'), { target: { value: '   ' } });
        fireEvent.click(save);
        expect(await screen.findByText('Must not be blank')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(256) } });
        fireEvent.click(save);
        expect(await screen.findByText('Maximum 255 characters')).toBeInTheDocument();
        expect(create).not.toHaveBeenCalled();
    });

    it('creates a group, made the default when asked', async () => {
        const { create, onDone } = add();
        fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Weekend crew' } });
        fireEvent.click(screen.getByLabelText('Default group'));
        fireEvent.click(screen.getByRole('button', { name: 'Add Access Group' }));
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0]![1].data).toEqual({ description: 'Weekend crew', default_group: true, schedule_id: null });
        await waitFor(() => expect(onDone).toHaveBeenCalled());
    });

    it('keeps the default switch on and locked when editing the default group', async () => {
        renderInAdmin(<AccessGroupDrawerForm id={1} onDone={() => undefined} />, {
            session: testSession('moderator'),
            dataProvider: { getOne: (async () => ({ data: GROUPS[0] })) as never },
        });
        expect(await screen.findByDisplayValue('All staff')).toBeInTheDocument();
        const toggle = screen.getByLabelText('Default group');
        expect(toggle).toBeChecked();
        expect(toggle).toBeDisabled();
        expect(screen.getByText('The account’s default group. To change it, make another group the default.')).toBeInTheDocument();
    });
});

const list = (
    remove: (resource: string, params: { id: number }) => Promise<unknown> = async (_r, params) => ({
        data: GROUPS.find(g => g.id === params.id),
    }),
) => {
    const deleteFn = vi.fn(remove);
    renderAccessGroupList({ getList: (async () => ({ data: GROUPS, total: 2 })) as never, delete: deleteFn as never });
    return deleteFn;
};
/** The delete is undoable: closing its notice (Escape, as its hiding after 4.5 s would) is what sends it. */
const closeUndoNotice = async () => {
    expect(await screen.findByRole('status')).toHaveTextContent('Element deleted');
    fireEvent.keyDown(document, { key: 'Escape' });
};
const deleteIn = async (description: string) =>
    within((await screen.findByText(description)).closest('tr')!).getByRole('button', { name: 'Delete' });

describe('the access groups list (SPEC 2.2, 5, 8.4)', () => {
    it("disables the default group's delete control, whose tooltip says to choose another default first", async () => {
        list();
        const defaultDelete = await deleteIn('All staff');
        expect(defaultDelete).toBeDisabled();
        fireEvent.mouseOver(defaultDelete.parentElement!);
        expect(await screen.findByRole('tooltip')).toHaveTextContent('This is the default access group: choose another default first.');
        expect(await deleteIn('Server room')).toBeEnabled();
        expect(within(screen.getByText('Server room').closest('tr')!).getByRole('button', { name: 'Make default' })).toBeInTheDocument();
        expect(within(screen.getByText('All staff').closest('tr')!).queryByRole('button', { name: 'Make default' })).toBeNull();
    });

    it('a 409 once the undo notice closes brings the row back and shows "Error Deleting Access Goup" with the server\'s text one sentence per line', async () => {
        const text = 'The access group is still used by 1 device and 10 profiles. Remove them from the group first.';
        const deleteFn = list(async () => {
            throw new HttpError(text, 409, { error: text, request_id: 'req-409' });
        });
        fireEvent.click(await deleteIn('Server room'));
        await closeUndoNotice();
        const alert = await screen.findByRole('alert');
        expect(await screen.findByText('Server room')).toBeInTheDocument();
        expect(deleteFn).toHaveBeenCalledWith('access_groups', expect.objectContaining({ id: 2 }));
        expect(alert).toHaveTextContent('Error Deleting Access Goup');
        const description = within(alert).getByText(/still used by/);
        expect(description.textContent).toBe(
            'The access group is still used by 1 device and 10 profiles.\nRemove them from the group first.',
        );
        expect(description).toHaveStyle({ whiteSpace: 'pre-line' });
        expect(alert).toHaveTextContent('Request ID: req-409');
    });

    it('other delete failures keep the usual SPEC 8.4 texts', async () => {
        list(async () => {
            throw new HttpError('boom', 500, { error: 'Internal server error', request_id: 'req-500' });
        });
        fireEvent.click(await deleteIn('Server room'));
        await closeUndoNotice();
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('Error deleting Access group');
        expect(alert).toHaveTextContent('We are unable to proceed with the submitted operation.');
    });
});

describe('splitting a server text at its periods', () => {
    it('puts each sentence on its own line', () => {
        expect(sentenceLines('The default access group cannot be deleted. Choose another default first.')).toBe(
            'The default access group cannot be deleted.\nChoose another default first.',
        );
        expect(sentenceLines('One sentence only.')).toBe('One sentence only.');
    });
});

describe('the Access Group page (SPEC 2.2 /access_groups/:id, 4.7)', () => {
    const EMBEDDED = {
        ...GROUPS[1],
        devices: [{ id: 4, description: 'Server room door', hardware_id: 'SIM-00004', status: 'online' }],
        profiles: [
            {
                id: 31,
                acs_id: 'CON-0006',
                status: 'enrollment',
                enabled: true,
                expires_at: null,
                badges: [
                    {
                        id: 1,
                        profile_id: 31,
                        badge_number: 1005,
                        facility_code: 100,
                        card_format_id: 1,
                        card_format_name: '26-bit H10301',
                        card_length: 26,
                        status: 'enrollment',
                        enabled: true,
                        created_at: '2026-11-01T10:00:00Z',
                    },
                ],
            },
            {
                id: 32,
                acs_id: 'CON-0013',
                status: 'inactive',
                enabled: true,
                expires_at: null,
                badges: [
                    {
                        id: 2,
                        profile_id: 32,
                        badge_number: 1012,
                        facility_code: 100,
                        card_format_id: 1,
                        card_format_name: '26-bit H10301',
                        card_length: 26,
                        status: 'active',
                        enabled: false,
                        created_at: '2026-11-01T10:00:00Z',
                    },
                ],
            },
        ],
    };
    const page = (role: 'moderator' | 'user', over: Partial<typeof EMBEDDED> = {}) => {
        const call = vi.fn(async () => ({ ...EMBEDDED, ...over }));
        renderInAdmin(
            <ResourceContextProvider value="access_groups">
                <QuickViewProvider>
                    <Routes>
                        <Route path="/access_groups/:id" element={<AccessGroupPage />} />
                    </Routes>
                </QuickViewProvider>
            </ResourceContextProvider>,
            {
                session: testSession(role),
                path: '/access_groups/2',
                dataProvider: { call, getList: (async () => ({ data: [], total: 0 })) as never } as never,
            },
        );
        return call;
    };

    it('shows the devices and the badge holders with format, number, facility code and the SPEC 4.7 labels', async () => {
        const call = page('moderator');
        expect(await screen.findByRole('heading', { name: 'Server room' })).toBeInTheDocument();
        expect(call).toHaveBeenCalledWith(
            '/access_groups/2/embedded',
            expect.objectContaining({ query: expect.objectContaining({ page: 1, per_page: 20 }) }),
        );
        const devices = within(screen.getByRole('table', { name: 'Devices' }));
        expect(devices.getByText('Server room door')).toBeInTheDocument();
        expect(devices.getByText('SIM-00004')).toBeInTheDocument();
        const members = within(screen.getByRole('table', { name: 'Members' }));
        const enrolling = within(members.getByText('CON-0006').closest('tr')!);
        expect(enrolling.getByText('1005')).toBeInTheDocument();
        expect(enrolling.getByText('26-bit H10301 · facility code 100')).toBeInTheDocument();
        expect(enrolling.getByText('Badge ID in enrollment')).toBeInTheDocument();
        const inactive = within(members.getByText('CON-0013').closest('tr')!);
        expect(inactive.getByText('Inactive profile')).toBeInTheDocument();
        expect(inactive.getByText('Inactive badge ID')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Add device' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    });

    it('lets an account user add and remove members, but not change the group or its devices', async () => {
        page('user');
        expect(await screen.findByRole('heading', { name: 'Server room' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Add member' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Remove from the group: CON-0006' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
        expect(screen.queryByRole('button', { name: /Stop serving/ })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Make default' })).toBeNull();
    });

    it('pages the members through the server, a page at a time', async () => {
        const call = page('moderator', { profiles_count: 45 });
        const members = await screen.findByRole('table', { name: 'Members' });
        expect(within(members).getByText('CON-0006')).toBeInTheDocument();
        expect(screen.getByText('1-20 of 45')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
        await waitFor(() =>
            expect(call).toHaveBeenLastCalledWith(
                '/access_groups/2/embedded',
                expect.objectContaining({ query: expect.objectContaining({ page: 2, per_page: 20 }) }),
            ),
        );
    });
});
