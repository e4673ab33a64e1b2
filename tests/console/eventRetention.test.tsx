import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppNotification } from '../../src/notifications/AppNotification';
import { EventRetentionSection } from '../../src/resources/event-retention/EventRetentionSection';
import { renderInAdmin, testSession } from './render';

const stored = [
    { type: 'bool', name: 'acs/enabled', value: 'true' },
    { type: 'number', name: 'ret/events_days', value: '180' },
];

const section = (role: 'dealer' | 'moderator') => {
    const call = vi.fn(async (_path: string, options?: { method?: string; body?: { options: unknown[] } }) => ({
        options: options?.method === 'PUT' ? options.body!.options : stored,
    }));
    renderInAdmin(
        <>
            <EventRetentionSection accountId={12} />
            <AppNotification />
        </>,
        { session: testSession(role), dataProvider: { call } as never },
    );
    return call;
};

describe('event retention section of the account page', () => {
    it("shows the account's policies, the defaults of empty ones, and saves them with the other options kept", async () => {
        const call = section('dealer');
        const events = await screen.findByLabelText('Security event retention policy (days)');
        const images = screen.getByLabelText('Image retention policy: event images (days)');
        expect(call).toHaveBeenCalledWith('/accounts/12/options', { noAccount: true });
        expect(events).toHaveValue('180');
        expect(images).toHaveValue('');
        expect(screen.getByText('Empty: 90 days')).toBeInTheDocument();

        fireEvent.change(images, { target: { value: '0' } });
        expect(screen.getByText('A whole number of days from 1 to 3650')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
        fireEvent.change(images, { target: { value: '30' } });
        fireEvent.change(events, { target: { value: '' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() =>
            expect(call).toHaveBeenCalledWith('/accounts/12/options', {
                method: 'PUT',
                body: {
                    options: [
                        { type: 'bool', name: 'acs/enabled', value: 'true' },
                        { type: 'number', name: 'ret/event_images_days', value: '30' },
                    ],
                },
            }),
        );
        expect(await screen.findByText('Retention policies saved')).toBeInTheDocument();
    });

    it('is read-only for a role that may not edit accounts', async () => {
        section('moderator');
        expect(await screen.findByLabelText('Security event retention policy (days)')).toBeDisabled();
        expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    });
});
