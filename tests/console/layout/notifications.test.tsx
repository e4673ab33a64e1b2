import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAddUndoableMutation, useNotify } from 'react-admin';
import { AppNotification } from '../../../src/notifications/AppNotification';
import { useNotices } from '../../../src/notifications/notices';
import { renderInAdmin } from '../render';

type Notices = ReturnType<typeof useNotices>;
type Notify = ReturnType<typeof useNotify>;

/** A button that raises a notice the way screens do. */
const Fire = ({
    what,
    label = 'fire',
}: {
    what: (n: Notices, notify: Notify, addUndoable: ReturnType<typeof useAddUndoableMutation>) => void;
    label?: string;
}) => {
    const notices = useNotices();
    const notify = useNotify();
    const addUndoable = useAddUndoableMutation();
    return <button onClick={() => what(notices, notify, addUndoable)}>{label}</button>;
};

const withNotification = (what: Parameters<typeof Fire>[0]['what']) =>
    renderInAdmin(
        <>
            <Fire what={what} />
            <AppNotification />
        </>,
    );

const fakeTime = () => vi.useFakeTimers({ shouldAdvanceTime: true });
const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

afterEach(() => {
    vi.useRealTimers();
});

describe('error notices (SPEC 8.4)', () => {
    it('show title, description and request id; copy turns to copied for 1 s; they stay until closed', async () => {
        const writeText = vi.fn(async () => undefined);
        Object.assign(navigator, { clipboard: { writeText } });
        fakeTime();
        withNotification(n => n.deleteFailed('users', { status: 409, body: { error: 'in use', request_id: 'req-77' } }));
        fireEvent.click(screen.getByText('fire'));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('Error deleting User');
        expect(alert).toHaveTextContent('We were unable to delete this User! Please try again later!');
        expect(alert).toHaveTextContent('Request ID: req-77');
        expect(alert).toHaveStyle({ width: '410px' });

        fireEvent.click(screen.getByRole('button', { name: 'copy' }));
        expect(await screen.findByRole('button', { name: 'copied' })).toBeInTheDocument();
        expect(await screen.findByRole('tooltip')).toHaveTextContent('copied');
        expect(writeText).toHaveBeenCalledWith('req-77');
        await advance(1000);
        expect(await screen.findByRole('button', { name: 'copy' })).toBeInTheDocument();

        // far past the 4.5 s of other notices, still there
        await advance(10_000);
        expect(screen.getByRole('alert')).toHaveTextContent('Error deleting User');
        fireEvent.click(screen.getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByText('Error deleting User')).toBeNull());
    });

    it('5xx errors get the support text instead of the server text', async () => {
        withNotification(n => n.modifyFailed('accounts', { status: 503, body: { error: 'db down', request_id: 'r-5' } }));
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText(/We are unable to proceed with the submitted operation/)).toBeInTheDocument();
        expect(screen.getByText('Error modifying Account')).toBeInTheDocument();
        expect(screen.queryByText('db down')).toBeNull();
    });

    it('a user 400 shows the server text cleaned up, ending with a period', async () => {
        withNotification(n => n.modifyFailed('users', { status: 400, body: { error: 'email already taken', request_id: 'r-4' } }));
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText('Email already taken.')).toBeInTheDocument();
    });
});

describe('other notices (SPEC 4.4)', () => {
    it('a success notice shows its title and text and hides by itself after 4.5 s', async () => {
        fakeTime();
        withNotification(n => n.deleted('users', 5));
        fireEvent.click(screen.getByText('fire'));
        const status = await screen.findByRole('status');
        expect(status).toHaveTextContent('Deleted User');
        expect(status).toHaveTextContent('Successfully removed entity User with #5');
        await advance(4400);
        expect(screen.getByText('Deleted User')).toBeInTheDocument();
        await advance(200);
        await waitFor(() => expect(screen.queryByText('Deleted User')).toBeNull());
    });

    it('a second request while one is visible hides the visible one instead of stacking', async () => {
        withNotification(n => n.modified('users'));
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText('Modified User')).toBeInTheDocument();
        fireEvent.click(screen.getByText('fire'));
        await waitFor(() => expect(screen.queryByText('Modified User')).toBeNull());
        expect(screen.queryAllByRole('status')).toHaveLength(0);
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText('Modified User')).toBeInTheDocument();
    });

    it("react-admin's own notices render translated", async () => {
        withNotification((_n, notify) => notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } }));
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByRole('status')).toHaveTextContent('Element updated');
    });

    it('a plain text that is no message key shows as it is', async () => {
        withNotification((_n, notify) => notify('Report queued', { type: 'success' }));
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByRole('status')).toHaveTextContent('Report queued');
    });
});

describe('undoable notices', () => {
    it('commit the change when they hide, or undo it with Undo', async () => {
        const mutation = vi.fn();
        fakeTime();
        withNotification((_n, notify, addUndoable) => {
            addUndoable(mutation);
            notify('ra.notification.deleted', { type: 'info', undoable: true, messageArgs: { smart_count: 1 } });
        });
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText('Element deleted')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
        await waitFor(() => expect(screen.queryByText('Element deleted')).toBeNull());
        expect(mutation).toHaveBeenCalledTimes(1);
        expect(mutation).toHaveBeenCalledWith({ isUndo: true });

        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText('Element deleted')).toBeInTheDocument();
        await advance(4600);
        await waitFor(() => expect(mutation).toHaveBeenLastCalledWith({ isUndo: false }));
        expect(mutation).toHaveBeenCalledTimes(2);
    });
});
