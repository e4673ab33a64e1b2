import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WebEnrollmentList } from '../../src/resources/enrollments/WebEnrollmentList';
import { AdaptiveList } from '../../src/resources/profiles/AdaptiveList';
import { ExclusionList } from '../../src/resources/profiles/ExclusionList';
import { OptOutList } from '../../src/resources/profiles/OptOutList';
import { ProfileList } from '../../src/resources/profiles/ProfileList';
import { VisitorsPage } from '../../src/resources/profiles/VisitorsPage';
import { renderScreen } from './profilesFixtures';
import { testSession } from './render';

/** The empty state of the list (or of the ranges, the visitors page's second list), by its text. */
const emptyState = async (text: RegExp | string) => {
    const state = await waitFor(() => {
        const found = screen.getAllByTestId('list-empty').find(e => within(e).queryByText(text));
        expect(found, `an empty state saying ${text}`).toBeDefined();
        return found!;
    });
    return within(state);
};
type Within = ReturnType<typeof within>;
/** What an empty state offers: its links and buttons, in the order they show. */
const buttons = (state: Within): HTMLElement[] =>
    [...state.queryAllByRole('link'), ...state.queryAllByRole('button')].sort((a, b) =>
        a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
const names = (state: Within) => buttons(state).map(b => b.textContent);

describe('the empty Profiles list says how people get a profile, with a way to each for the roles that may', () => {
    const profiles = { resource: 'profiles', path: '/profiles' };

    it('a dealer may open the readers, invite people and issue a visitor badge, each on the list’s accounts', async () => {
        renderScreen(<ProfileList />, { ...profiles, role: 'dealer' });
        const state = await emptyState(/enroll at an enrollment reader/);
        expect(state.getByText('Nothing here yet.')).toBeInTheDocument();
        expect(state.getByRole('link', { name: 'Enrollment readers' })).toHaveAttribute('href', '/devices?account_id=all');
        expect(state.getByRole('link', { name: 'Invite people' })).toHaveAttribute('href', '/web-enrollments-create/invites');
        expect(state.getByRole('link', { name: 'Issue a visitor badge' })).toHaveAttribute('href', '/visitors?account_id=all');
        fireEvent.click(state.getByRole('link', { name: 'Invite people' }));
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/web-enrollments-create/invites'));
    });

    it('a user, who may not issue visitor badges, is offered the readers and the invitations only', async () => {
        renderScreen(<ProfileList />, { ...profiles, role: 'user' });
        const state = await emptyState(/enroll at an enrollment reader/);
        expect(names(state)).toEqual(['Enrollment readers', 'Invite people']);
        expect(state.getByRole('link', { name: 'Enrollment readers' })).toHaveAttribute('href', '/devices');
    });

    it('offers no invitation where web enrollment is off for the account', async () => {
        renderScreen(<ProfileList />, { ...profiles, session: testSession('moderator', { accountENREnabled: false }) });
        const state = await emptyState(/enroll at an enrollment reader/);
        expect(names(state)).toEqual(['Enrollment readers', 'Issue a visitor badge']);
    });

    it('narrowed to another account than the current one, it offers no invitation, which would be made in the current one', async () => {
        renderScreen(<ProfileList />, { ...profiles, path: '/profiles?account_id=12&page=1', role: 'dealer' });
        const state = await emptyState(/enroll at an enrollment reader/);
        expect(names(state)).toEqual(['Enrollment readers', 'Issue a visitor badge']);
        expect(state.getByRole('link', { name: 'Enrollment readers' })).toHaveAttribute('href', '/devices?account_id=12');
    });

    it('with filters that match nothing, it says so and clears them, keeping the account', async () => {
        renderScreen(<ProfileList />, { ...profiles, path: '/profiles?account_id=12&status=inactive&page=1', role: 'dealer' });
        const state = await emptyState('Nothing matches these filters.');
        expect(state.queryByText(/enroll at an enrollment reader/)).toBeNull();
        fireEvent.click(state.getByRole('button', { name: 'Clear the filters' }));
        await waitFor(() => expect(screen.getByTestId('location').textContent).not.toContain('status='));
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=12');
    });
});

describe('the empty badge lists point at their form, for the roles that may add', () => {
    it('Bio opt-out: a moderator may add a badge with the form or import a CSV', async () => {
        renderScreen(<OptOutList />, { resource: 'opt_out', path: '/opt_out', role: 'moderator' });
        const state = await emptyState(/refuses biometric enrollment: one at a time/);
        expect(names(state)).toEqual(['Add a badge', 'Import CSV']);
        fireEvent.click(state.getByRole('button', { name: 'Add a badge' }));
        expect(screen.getByRole('form', { name: 'Add a badge' })).toHaveFocus();
        fireEvent.click(state.getByRole('button', { name: 'Import CSV' }));
        expect(await screen.findByRole('dialog', { name: 'Import opt-out badges' })).toBeInTheDocument();
    });

    it('Bio opt-out: a user, who only reads it, is told who adds badges and gets no button', async () => {
        renderScreen(<OptOutList />, { resource: 'opt_out', path: '/opt_out', role: 'user' });
        const state = await emptyState(/once the account’s staff add them/);
        expect(buttons(state)).toEqual([]);
    });

    it('Adaptive: a manager is sent to the badge picker; a user gets the text alone', async () => {
        const { unmount } = renderScreen(<AdaptiveList />, { resource: 'cards/adaptive', path: '/adaptive', role: 'manager' });
        const state = await emptyState(/Pick a badge above/);
        fireEvent.click(state.getByRole('button', { name: 'Add a badge' }));
        expect(screen.getByRole('group', { name: 'Add' })).toHaveFocus();
        unmount();
        renderScreen(<AdaptiveList />, { resource: 'cards/adaptive', path: '/adaptive', role: 'user' });
        expect(buttons(await emptyState(/face and the badge together show here/))).toEqual([]);
    });

    it('the exclusion list of an account’s settings asks in that account and points at its form', async () => {
        const { api } = renderScreen(<ExclusionList accountId={12} mayWrite />, {
            resource: 'accounts',
            path: '/accounts/12',
            role: 'dealer',
        });
        const state = await emptyState(/never expire, such as someone who seldom passes a reader/);
        expect(api.lastGet('/exclusion')).toMatchObject({ account_id: '12' });
        fireEvent.click(state.getByRole('button', { name: 'Add a badge' }));
        expect(screen.getByRole('form', { name: 'Add a badge' })).toHaveFocus();
    });
});

describe('the empty Visitors page', () => {
    it('tells a manager to set a range and issue a badge, with a button to each form', async () => {
        renderScreen(<VisitorsPage />, { resource: 'cards/visitors', path: '/visitors', role: 'manager' });
        const visitors = await emptyState(/Set a visitor range below, then issue each visitor a badge/);
        expect(names(visitors)).toEqual(['Set a range', 'Issue a visitor badge']);
        fireEvent.click(visitors.getByRole('button', { name: 'Issue a visitor badge' }));
        expect(screen.getByRole('form', { name: 'Issue a visitor badge' })).toHaveFocus();
        fireEvent.click(visitors.getByRole('button', { name: 'Set a range' }));
        expect(screen.getByRole('form', { name: 'Set a range' })).toHaveFocus();
        const ranges = await emptyState(/Set one range per card format and facility code/);
        expect(names(ranges)).toEqual(['Set a range']);
    });

    it('tells a user, who only reads visitors, what shows here, with no button', async () => {
        renderScreen(<VisitorsPage />, { resource: 'cards/visitors', path: '/visitors', role: 'user' });
        expect(buttons(await emptyState(/Visitors show here while they hold a badge/))).toEqual([]);
        expect(buttons(await emptyState(/The account’s staff set the ranges/))).toEqual([]);
        expect(screen.queryByRole('form')).toBeNull();
    });
});

describe('the empty Web Enrollments list', () => {
    it('offers to upload a CSV file or create invites', async () => {
        renderScreen(<WebEnrollmentList />, { resource: 'web-enrollments', path: '/web-enrollments', role: 'moderator' });
        const state = await emptyState(/Invite people to enroll their face/);
        expect(state.getByRole('link', { name: 'Upload CSV File' })).toHaveAttribute('href', '/web-enrollments-create/csv');
        expect(state.getByRole('link', { name: 'Create invites' })).toHaveAttribute('href', '/web-enrollments-create/invites');
    });

    it('narrowed to another account than the current one, offers no button that would invite into the current one', async () => {
        renderScreen(<WebEnrollmentList />, { resource: 'web-enrollments', path: '/web-enrollments?account_id=12&page=1', role: 'dealer' });
        expect(buttons(await emptyState(/Invite people to enroll their face/))).toEqual([]);
    });
});
