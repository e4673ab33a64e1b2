import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WebEnrollmentList } from '../../src/resources/enrollments/WebEnrollmentList';
import { AdaptiveList } from '../../src/resources/profiles/AdaptiveList';
import { OptOutList } from '../../src/resources/profiles/OptOutList';
import { ProfileList } from '../../src/resources/profiles/ProfileList';
import { VisitorsPage } from '../../src/resources/profiles/VisitorsPage';
import { chooseAccount, invite, listedCard, profile, renderScreen, visitor, visitorRange } from './profilesFixtures';

/** Each list of the Profiles group and web enrollment, with a row of each account and a text that names the row. */
const LISTS: { name: string; ui: () => ReactElement; resource: string; path: string; api: string; rows: object[]; row: string }[] = [
    {
        name: 'Profiles',
        ui: () => <ProfileList />,
        resource: 'profiles',
        path: '/profiles',
        api: '/profiles',
        rows: [profile(), profile({ id: 2, acs_id: 'alan.turing', account_id: 12 })],
        row: 'alan.turing',
    },
    {
        name: 'Bio opt-out',
        ui: () => <OptOutList />,
        resource: 'opt_out',
        path: '/opt_out',
        api: '/opt_out',
        rows: [listedCard(), listedCard({ id: 2, account_id: 12, badge_number: 777 })],
        row: '17:777',
    },
    {
        name: 'Adaptive',
        ui: () => <AdaptiveList />,
        resource: 'cards/adaptive',
        path: '/adaptive',
        api: '/cards/adaptive',
        rows: [listedCard({ list: 'adaptive' }), listedCard({ id: 2, list: 'adaptive', account_id: 12, badge_number: 777 })],
        row: '17:777',
    },
    {
        name: 'Visitors',
        ui: () => <VisitorsPage />,
        resource: 'cards/visitors',
        path: '/visitors',
        api: '/cards/visitors',
        rows: [visitor(), visitor({ id: 2, profile_id: 6, acs_id: 'Guest 2', account_id: 12 })],
        row: 'Guest 2',
    },
    {
        name: 'Web Enrollments',
        ui: () => <WebEnrollmentList />,
        resource: 'web-enrollments',
        path: '/web-enrollments',
        api: '/web-enrollments',
        rows: [invite(), invite({ id: 2, name: 'Alan Turing', account_id: 12 })],
        row: 'Alan Turing',
    },
];

/** The list's table: the first on the page (the visitors page has a second, its ranges). */
const listTable = () => screen.getAllByRole('table')[0]!;
/** The Account column, by what it shows: the rows' account names. */
const namesAccounts = () => within(listTable()).queryAllByText(/^(Contoso Offices|Fabrikam Labs)$/).length > 0;

describe.each(LISTS)('the $name list (one account scope, docs/decisions.md "Account scope of lists")', list => {
    it('opens on all the accounts of a dealer in its own account, asking with cross_account=true and naming each row’s account', async () => {
        const { api } = renderScreen(list.ui(), { ...list, rows: { [list.api]: list.rows }, role: 'dealer' });
        const row = (await screen.findByText(list.row)).closest('tr')!;
        expect(within(row).getByText('Fabrikam Labs')).toBeInTheDocument();
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        expect(api.lastGet(list.api)).toMatchObject({ cross_account: 'true' });
        expect(api.lastGet(list.api)!.account_id).toBeUndefined();
    });

    it('asks in the one account chosen in the filter, with account_id, and then names no account', async () => {
        const { api } = renderScreen(list.ui(), { ...list, rows: { [list.api]: list.rows }, role: 'dealer' });
        await screen.findByText(list.row);
        await chooseAccount('Account', 'Fabrikam Labs');
        await waitFor(() => expect(api.lastGet(list.api)).toMatchObject({ account_id: '12' }));
        expect(api.lastGet(list.api)!.cross_account).toBeUndefined();
        await waitFor(() => expect(namesAccounts()).toBe(false));
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=12');
    });

    it('shows a moderator its own account: asked with its account_id, no account filter and no Account column', async () => {
        const { api } = renderScreen(list.ui(), { ...list, rows: { [list.api]: [list.rows[0]!] }, role: 'moderator' });
        await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
        expect(api.lastGet(list.api)).toMatchObject({ account_id: '10' });
        expect(api.lastGet(list.api)!.cross_account).toBeUndefined();
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        expect(namesAccounts()).toBe(false);
    });
});

describe('the side calls of the lists ask in the list’s accounts', () => {
    it('visitor ranges: every account of a dealer’s list, with their account, then the account chosen', async () => {
        const { api } = renderScreen(<VisitorsPage />, {
            resource: 'cards/visitors',
            path: '/visitors',
            role: 'dealer',
            rows: { '/cards/visitors/range': [visitorRange(), visitorRange({ id: 2, account_id: 12, first_number: 5000 })] },
        });
        const ranges = await screen.findByRole('table', { name: 'Visitor badge ranges' });
        const row = (await within(ranges).findByText('5000')).closest('tr')!;
        expect(within(row).getByText('Fabrikam Labs')).toBeInTheDocument();
        expect(api.lastGet('/cards/visitors/range')).toEqual(expect.objectContaining({ cross_account: 'true' }));
        await chooseAccount('Account', 'Fabrikam Labs');
        await waitFor(() => expect(api.lastGet('/cards/visitors/range')).toMatchObject({ account_id: '12' }));
    });

    it('the badge picker of Adaptive finds badges in every account of the list, each named with its account', async () => {
        const { api } = renderScreen(<AdaptiveList />, {
            resource: 'cards/adaptive',
            path: '/adaptive',
            role: 'dealer',
            rows: {
                '/cards/autocomplete': [
                    { id: 3, profile_id: 4, acs_id: 'grace', visitor: false, account_id: 12, badge_number: 55, facility_code: null },
                ].map(b => ({ ...b, card_format_id: 1, card_format_name: '26-bit H10301', status: 'active', enabled: true })),
            },
        });
        const picker = await screen.findByRole('combobox', { name: /Badge \(number/ });
        await waitFor(() => expect(api.lastGet('/cards/autocomplete')).toMatchObject({ cross_account: 'true' }));
        picker.focus();
        fireEvent.mouseDown(picker);
        expect(await screen.findByRole('option', { name: '55 · 26-bit H10301 · grace · Fabrikam Labs' })).toBeInTheDocument();
    });

    it('the filters of Profiles offer the access groups and card formats of the list’s accounts', async () => {
        const { api } = renderScreen(<ProfileList />, {
            resource: 'profiles',
            path: '/profiles?account_id=12&page=1',
            role: 'dealer',
            rows: { '/profiles': [profile({ account_id: 12 })] },
        });
        await screen.findByText('ada.lovelace');
        fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
        fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Access group' }));
        await waitFor(() => expect(api.lastGet('/access_groups')).toMatchObject({ account_id: '12' }));
        fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
        fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Card format' }));
        await waitFor(() => expect(api.lastGet('/cards/formats')).toMatchObject({ account_id: '12' }));
    });
});
