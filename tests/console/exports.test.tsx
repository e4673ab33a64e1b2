import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileList } from '../../src/resources/profiles/ProfileList';
import { profile, renderScreen } from './profilesFixtures';

const exportButton = () => screen.getByRole('button', { name: 'Export' });

/** The reason a disabled Export gives, in its tooltip. */
const reason = async () => {
    fireEvent.mouseOver(exportButton().parentElement!);
    return (await screen.findByRole('tooltip')).textContent;
};

describe('the Profiles export says why it cannot be used (docs/decisions.md "Exports that say why not")', () => {
    it('a filter matching no profile: Export is disabled, says there is nothing to export, and asks for no file', async () => {
        const { api } = renderScreen(<ProfileList />, {
            resource: 'profiles',
            path: '/profiles',
            role: 'moderator',
            rows: { '/profiles': [] },
        });
        await waitFor(() => expect(api.gets('/profiles').length).toBeGreaterThan(0));
        await waitFor(() => expect(exportButton()).toBeDisabled());
        fireEvent.click(exportButton());
        expect(await reason()).toBe('Nothing to export: no row matches the current filters.');
        expect(api.gets('/profiles/export')).toEqual([]);
    });

    it('a manager (profiles without export, SPEC 6.2) sees Export disabled with the reason, not a 403', async () => {
        const { api } = renderScreen(<ProfileList />, {
            resource: 'profiles',
            path: '/profiles',
            role: 'manager',
            rows: { '/profiles': [profile()] },
        });
        await screen.findByText('ada.lovelace');
        expect(exportButton()).toBeDisabled();
        fireEvent.click(exportButton());
        expect(await reason()).toBe('Your role (Account manager) cannot export this list.');
        expect(api.gets('/profiles/export')).toEqual([]);
    });

    it('a moderator with matching profiles may export', async () => {
        renderScreen(<ProfileList />, { resource: 'profiles', path: '/profiles', role: 'moderator', rows: { '/profiles': [profile()] } });
        await screen.findByText('ada.lovelace');
        expect(exportButton()).toBeEnabled();
    });
});
