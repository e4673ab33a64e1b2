import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import { WebEnrollmentList } from '../../src/resources/enrollments/WebEnrollmentList';
import { invite } from './profilesFixtures';
import { renderInAdmin, testSession } from './render';

describe('the web enrollment list', () => {
    it('shows an invitation the mail server has not taken yet as waiting to be sent, with its tries and next one', async () => {
        const getList = vi.fn(async () => ({
            data: [
                invite({}),
                invite({
                    id: 2,
                    name: 'Alan Turing',
                    sent_at: null,
                    send_tries: 2,
                    send_next_at: '2026-11-20T08:03:00.000Z',
                    send_error: 'connect ECONNREFUSED 127.0.0.1:25',
                }),
                invite({ id: 3, name: 'Grace Hopper', status: 'failed', sent_at: null, failure: 'The invitation could not be sent: 550' }),
            ],
            total: 3,
        }));
        renderInAdmin(
            <ResourceContextProvider value="web-enrollments">
                <WebEnrollmentList />
            </ResourceContextProvider>,
            {
                session: testSession('moderator'),
                dataProvider: { getList: getList as never },
                path: '/web-enrollments',
            },
        );
        const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
        await screen.findByText('Alan Turing');
        expect(within(row('Ada Lovelace')).getByText('Sent')).toBeInTheDocument();
        const waiting = within(row('Alan Turing')).getByText('Waiting to be sent');
        expect(within(row('Alan Turing')).queryByText('Sent')).toBeNull();
        expect(within(row('Grace Hopper')).getByText('Failed')).toBeInTheDocument();
        // its tooltip says how many tries failed, when the next comes and why
        const chip = waiting.closest('[aria-label]');
        expect(chip?.getAttribute('aria-label')).toMatch(/^2 tries failed, next .*: connect ECONNREFUSED 127\.0\.0\.1:25$/);
    });
});
