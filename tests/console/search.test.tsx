import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { RouteKey } from '../../contract/routes';
import type { SearchHit, SearchReply } from '../../contract/search';
import { AccountSwitchProvider } from '../../src/layout/accountSwitch';
import { hitPath } from '../../src/resources/search/links';
import { SearchBox } from '../../src/resources/search/SearchBox';
import { SearchPage } from '../../src/resources/search/SearchPage';
import { saveUser } from '../../src/dataProvider/tokens';
import { renderInAdmin, testAuthProvider, testSession } from './render';

const hit = (id: number, label: string, detail: string | null, account: [number, string] = [10, 'Contoso Offices']): SearchHit => ({
    id,
    label,
    detail,
    account_id: account[0],
    account_name: account[1],
});

const REPLY: SearchReply = {
    q: 'front',
    groups: [
        {
            kind: 'devices',
            result: [hit(7, 'Front door', 'HW-0007'), hit(8, 'Front gate', 'HW-0008', [22, 'Tailspin Clinic'])],
            more: false,
        },
        {
            kind: 'users',
            result: Array.from({ length: 10 }, (_, i) => hit(100 + i, `Front desk ${i}`, `desk${i}@contoso.example`)),
            more: true,
        },
    ],
};

/** Where the app is: the page a hit opened. */
const Where = () => {
    const location = useLocation();
    return <output aria-label="location">{location.pathname + location.search}</output>;
};

const open = (path: string, reply: SearchReply = REPLY, session = testSession('dealer')) => {
    saveUser(session.me);
    const call = vi.fn(async (_path: string, _options?: { query?: Record<string, unknown> }) => reply);
    renderInAdmin(
        <AccountSwitchProvider>
            <SearchBox />
            <Routes>
                <Route path="/search" element={<SearchPage />} />
                <Route path="*" element={null} />
            </Routes>
            <Where />
        </AccountSwitchProvider>,
        { session, authProvider: testAuthProvider(session), dataProvider: { call } as never, path },
    );
    return call;
};

describe('Search page (SPEC 2.2 /search)', () => {
    it('asks the server for the text of the URL in every account a dealer reaches from its own, and shows each kind under its heading, with what matched and the account', async () => {
        const call = open('/search?q=front');
        const devices = await screen.findByRole('region', { name: 'Devices' });
        expect(call).toHaveBeenCalledWith('/search', expect.objectContaining({ query: { q: 'front', cross_account: 'true' } }));
        expect(within(devices).getByRole('heading').textContent).toBe('Devices (2)');
        expect(within(devices).getByRole('button', { name: /Front gate/ }).textContent).toBe('Front gateHW-0008 · Tailspin Clinic');
        const users = screen.getByRole('region', { name: 'Users' });
        expect(within(users).getByRole('heading').textContent).toBe('Users (10+)');
        expect(within(users).getByText('Only the first 10 are shown: type more of the text to narrow them down.')).toBeInTheDocument();
    });

    it('from a switched-to account a dealer searches that account; its hits need no account', async () => {
        const inCustomer = testSession('dealer', {}, { currentAccountId: 22, currentAccount: { id: 22, name: 'Tailspin Clinic' } });
        const call = open('/search?q=front', REPLY, inCustomer);
        const devices = await screen.findByRole('region', { name: 'Devices' });
        // without cross_account the data provider adds the current account_id
        expect(call).toHaveBeenCalledWith('/search', expect.objectContaining({ query: { q: 'front' } }));
        expect(within(devices).getByRole('button', { name: /Front gate/ }).textContent).toBe('Front gateHW-0008');
    });

    it('a moderator searches its own account', async () => {
        const call = open('/search?q=front', REPLY, testSession('moderator'));
        const devices = await screen.findByRole('region', { name: 'Devices' });
        expect(call).toHaveBeenCalledWith('/search', expect.objectContaining({ query: { q: 'front' } }));
        expect(within(devices).getByRole('button', { name: /Front door/ }).textContent).toBe('Front doorHW-0007');
    });

    it('opens a hit of the current account without switching', async () => {
        open('/search?q=front');
        fireEvent.click(await screen.findByRole('button', { name: /Front door/ }));
        await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/7'));
        expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('makes the account of a hit elsewhere current before opening it (SPEC 4.3)', async () => {
        open('/search?q=front');
        fireEvent.click(await screen.findByRole('button', { name: /Front gate/ }));
        expect(await screen.findByRole('dialog', { name: 'Tailspin Clinic Active' })).toBeInTheDocument();
        // The dialog hides the rest of the page from assistive technology while it shows.
        await waitFor(() => expect(screen.getByRole('status', { name: 'location', hidden: true }).textContent).toBe('/devices/8'));
    });

    it('says so when nothing matches', async () => {
        open('/search?q=zzz', { q: 'zzz', groups: [] });
        expect(await screen.findByText('Nothing you can see matches “zzz”.')).toBeInTheDocument();
    });

    it('searches again from its own field, keeping the text in the URL', async () => {
        const call = open('/search?q=front');
        await screen.findByRole('region', { name: 'Devices' });
        fireEvent.change(screen.getAllByRole('searchbox', { name: 'Search' })[1], { target: { value: 'gate' } });
        fireEvent.submit(screen.getAllByRole('searchbox', { name: 'Search' })[1].closest('form')!);
        await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/search?q=gate'));
        await waitFor(() =>
            expect(call).toHaveBeenLastCalledWith('/search', expect.objectContaining({ query: { q: 'gate', cross_account: 'true' } })),
        );
    });
});

describe('Search box of the app bar', () => {
    it('on the search page, a search from the bar shows in the page’s field and its results', async () => {
        const call = open('/search?q=front');
        await screen.findByRole('region', { name: 'Devices' });
        const [bar, field] = screen.getAllByRole('searchbox', { name: 'Search' });
        fireEvent.change(bar!, { target: { value: 'gate' } });
        fireEvent.submit(bar!.closest('form')!);
        await waitFor(() => expect(field).toHaveValue('gate'));
        await waitFor(() =>
            expect(call).toHaveBeenLastCalledWith('/search', expect.objectContaining({ query: { q: 'gate', cross_account: 'true' } })),
        );
    });

    it("'/' puts the cursor in it, except while typing in a field; Enter opens the search page", async () => {
        open('/devices');
        const box = screen.getByRole('searchbox', { name: 'Search' });
        const other = document.body.appendChild(document.createElement('input'));
        other.focus();
        fireEvent.keyDown(other, { key: '/' });
        expect(document.activeElement).toBe(other);
        fireEvent.keyDown(document.body, { key: '/' });
        expect(document.activeElement).toBe(box);
        fireEvent.change(box, { target: { value: '  26:4711 ' } });
        fireEvent.submit(box.closest('form')!);
        await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/search?q=26%3A4711'));
        other.remove();
    });
});

describe('Where a hit opens', () => {
    const withProfiles = new Set<RouteKey>(['profiles']);
    it('a page of its own, a list filtered on it, or nothing while its screen does not exist', () => {
        expect(hitPath('accounts', hit(3, 'Contoso', null))).toBe('/accounts/3');
        expect(hitPath('readers', hit(4, 'Lobby turnstile', null))).toBe(
            `/readers?filter=${encodeURIComponent('{"q":"Lobby turnstile"}')}`,
        );
        expect(hitPath('deployments', hit(5, 'May roll-out', null))).toBe('/firmware-updates/status/5');
        expect(hitPath('badges', { ...hit(9, '26:4711', 'EMP-1'), profile_id: 12 }, withProfiles)).toBe('/profiles/12');
        expect(hitPath('profiles', hit(12, 'EMP-1', null), withProfiles)).toBe('/profiles/12');
        expect(hitPath('profiles', hit(12, 'EMP-1', null), new Set())).toBeNull();
    });
});
