import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdaptiveList } from '../../src/resources/profiles/AdaptiveList';
import { OptOutList } from '../../src/resources/profiles/OptOutList';
import { VisitorsPage } from '../../src/resources/profiles/VisitorsPage';
import { chooseAccount, dealerInFabrikam, fillBadge, listedCard, renderScreen, visitor } from './profilesFixtures';

const optOut = { resource: 'opt_out', path: '/opt_out' };
const visitors = { resource: 'cards/visitors', path: '/visitors' };

/** Adds the badge typed in the opt-out form, through its confirmation. */
const addOptOut = async (form: HTMLElement) => {
    await fillBadge(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Add a badge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
};

describe('a create form beside a list acts in one account, and says which (docs/decisions.md "Account scope of lists")', () => {
    it('on All my accounts, the opt-out form asks for the account, offers its card formats and adds there', async () => {
        const { api } = renderScreen(<OptOutList />, { ...optOut, role: 'dealer' });
        const form = await screen.findByRole('form', { name: 'Add a badge' });
        expect(within(form).getByRole('button', { name: 'Add a badge' })).toBeDisabled();
        await chooseAccount('In account', 'Fabrikam Labs');
        await waitFor(() => expect(api.lastGet('/cards/formats')).toMatchObject({ account_id: '12' }));
        await addOptOut(form);
        await waitFor(() => expect(api.writes('/opt_out')).toHaveLength(1));
        expect(api.writes('/opt_out')[0]!.body).toEqual({ card_format_id: 1, facility_code: 17, badge_number: 4242, account_id: 12 });
    });

    it('on one account chosen in the filter, the form says it adds there and does', async () => {
        const { api } = renderScreen(<OptOutList />, { ...optOut, path: '/opt_out?account_id=12&page=1', role: 'dealer' });
        const form = await screen.findByRole('form', { name: 'Add a badge' });
        expect(await within(form).findByText('In Fabrikam Labs')).toBeInTheDocument();
        expect(within(form).queryByRole('combobox', { name: 'In account' })).toBeNull();
        await addOptOut(form);
        await waitFor(() => expect(api.writes('/opt_out')[0]?.body).toMatchObject({ account_id: 12 }));
    });

    it('a moderator’s form names no account and adds in the current one', async () => {
        const { api } = renderScreen(<OptOutList />, { ...optOut, role: 'moderator' });
        const form = await screen.findByRole('form', { name: 'Add a badge' });
        expect(within(form).queryByText(/^In /)).toBeNull();
        await addOptOut(form);
        await waitFor(() => expect(api.writes('/opt_out')[0]?.body).toMatchObject({ account_id: 10 }));
    });

    it('the opt-out import goes to the account of the list, named first in the form and in the query', async () => {
        const { api } = renderScreen(<OptOutList />, {
            ...optOut,
            session: dealerInFabrikam(),
            replies: { '/opt_out/csv': { lines: 1, added: 1, already: 0, profiles_deleted: 0, refused: [], refused_more: 0 } },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
        const dialog = await screen.findByRole('dialog', { name: 'Import opt-out badges' });
        expect(within(dialog).getByText('In Fabrikam Labs')).toBeInTheDocument();
        const file = new File(['badge_number,facility_code\n4242,17\n'], 'opt-out.csv', { type: 'text/csv' });
        fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Import CSV' }));
        await waitFor(() => expect(api.writes('/opt_out/csv')).toHaveLength(1));
        const [sent] = api.writes('/opt_out/csv');
        expect(sent!.query).toEqual({ account_id: '12' });
        expect([...(sent!.body as FormData).entries()][0]).toEqual(['account_id', '12']);
        expect(await within(dialog).findByText('1 lines read: 1 added, 0 already in the list, 0 profiles deleted.')).toBeInTheDocument();
    });

    it('Adaptive adds a picked badge in the badge’s own account', async () => {
        const { api } = renderScreen(<AdaptiveList />, {
            resource: 'cards/adaptive',
            path: '/adaptive',
            role: 'dealer',
            rows: {
                '/cards/autocomplete': [
                    {
                        id: 3,
                        profile_id: 4,
                        acs_id: 'grace',
                        visitor: false,
                        account_id: 12,
                        badge_number: 55,
                        facility_code: null,
                        card_format_id: 1,
                        card_format_name: '26-bit H10301',
                        status: 'active',
                        enabled: true,
                    },
                ],
            },
        });
        const picker = await screen.findByRole('combobox', { name: /Badge \(number/ });
        fireEvent.mouseDown(picker);
        fireEvent.click(await screen.findByRole('option', { name: /^55 · / }));
        fireEvent.click(screen.getByRole('button', { name: 'Add' }));
        await waitFor(() => expect(api.writes('/cards/adaptive')).toHaveLength(1));
        expect(api.writes('/cards/adaptive')[0]!.body).toEqual({
            card_format_id: 1,
            facility_code: null,
            badge_number: 55,
            account_id: 12,
        });
    });

    it('Adaptive removes entries of several accounts at once, asking each account for its own', async () => {
        const { api } = renderScreen(<AdaptiveList />, {
            resource: 'cards/adaptive',
            path: '/adaptive',
            role: 'dealer',
            rows: {
                '/cards/adaptive': [
                    listedCard({ id: 1, list: 'adaptive' }),
                    listedCard({ id: 2, list: 'adaptive', account_id: 12, badge_number: 777 }),
                ],
            },
        });
        await screen.findByText('17:777');
        fireEvent.click(screen.getAllByRole('checkbox')[0]!);
        fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
        fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
        await waitFor(() => expect(api.writes('/cards/adaptive/bulk')).toHaveLength(2));
        expect(api.writes('/cards/adaptive/bulk').map(w => w.body)).toEqual([
            { remove: [1], account_id: 10 },
            { remove: [2], account_id: 12 },
        ]);
    });

    it('a dealer switched to a customer sets a visitor range in that customer’s account (a PATCH the dataProvider leaves alone)', async () => {
        const { api } = renderScreen(<VisitorsPage />, { ...visitors, session: dealerInFabrikam() });
        const form = await screen.findByRole('form', { name: 'Set a range' });
        expect(within(form).getByText('In Fabrikam Labs')).toBeInTheDocument();
        await fillBadge(form, false);
        fireEvent.change(within(form).getByRole('textbox', { name: /First number/ }), { target: { value: '9000' } });
        fireEvent.change(within(form).getByRole('textbox', { name: /Last number/ }), { target: { value: '9099' } });
        fireEvent.click(within(form).getByRole('button', { name: 'Set a range' }));
        await waitFor(() => expect(api.writes('/cards/visitors/range')).toHaveLength(1));
        expect(api.writes('/cards/visitors/range')[0]!.body).toMatchObject({ account_id: 12, first_number: 9000, last_number: 9099 });
    });

    it('on All my accounts, the visitor badge form asks for the account and issues there', async () => {
        const { api } = renderScreen(<VisitorsPage />, { ...visitors, role: 'installer' });
        const form = await screen.findByRole('form', { name: 'Issue a visitor badge' });
        expect(within(form).getByRole('button', { name: 'Issue a visitor badge' })).toBeDisabled();
        const input = within(form).getByRole('combobox', { name: 'In account' });
        fireEvent.mouseDown(input);
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await fillBadge(form, '9001');
        fireEvent.click(within(form).getByRole('button', { name: 'Issue a visitor badge' }));
        await waitFor(() => expect(api.writes('/cards/visitors')).toHaveLength(1));
        expect(api.writes('/cards/visitors')[0]!.body).toMatchObject({ account_id: 12, badge_number: 9001 });
    });
});

describe('a refused request on the Visitors screen says why, with the request id to copy (SPEC 8.4)', () => {
    it('issuing a badge outside every range: the server’s text and its request id', async () => {
        const error = 'This badge is not in a visitor range of its card format.';
        renderScreen(<VisitorsPage />, {
            ...visitors,
            role: 'manager',
            refusals: { 'POST /cards/visitors': { status: 400, body: { error, request_id: 'req-issue-400' } } },
        });
        const form = await screen.findByRole('form', { name: 'Issue a visitor badge' });
        await fillBadge(form, '9500');
        fireEvent.click(within(form).getByRole('button', { name: 'Issue a visitor badge' }));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('Issue a visitor badge');
        expect(alert).toHaveTextContent(error);
        expect(alert).toHaveTextContent('Request ID: req-issue-400');
    });

    it('ending a visit the server fails: the generic text and its request id', async () => {
        renderScreen(<VisitorsPage />, {
            ...visitors,
            role: 'manager',
            rows: { '/cards/visitors': [visitor({ id: 7 })] },
            refusals: { 'DELETE /cards/visitors/7': { status: 500, body: { error: 'Internal server error', request_id: 'req-end-500' } } },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'End the visit' }));
        fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('End the visit');
        expect(alert).toHaveTextContent('We are unable to proceed with the submitted operation.');
        expect(alert).toHaveTextContent('Request ID: req-end-500');
        expect(screen.getByText('Guest 1')).toBeInTheDocument();
    });
});
