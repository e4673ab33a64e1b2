import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { gateRedirect, SessionGate } from '../../../src/layout/SessionGate';
import { renderInAdmin, testSession } from '../render';
import { Location } from './helpers';

const withMe = (me: Partial<ReturnType<typeof testSession>['me']>) =>
    testSession('manager', {}, { me: { ...testSession('manager').me, ...me } });

const gate = (session: ReturnType<typeof testSession>, path = '/users?page=2') =>
    renderInAdmin(
        <>
            <Routes>
                <Route path="/login" element={<p>sign-in page</p>} />
                <Route path="/initial-password-setup" element={<p>password page</p>} />
                <Route
                    path="*"
                    element={
                        <SessionGate>
                            <p>the screen</p>
                        </SessionGate>
                    }
                />
            </Routes>
            <Location />
        </>,
        { session, path },
    );

describe('session gate (SPEC 2.5, 4.1)', () => {
    it('lets a user who has accepted the terms and set a password through', async () => {
        gate(withMe({}));
        expect(await screen.findByText('the screen')).toBeInTheDocument();
        expect(screen.getByTestId('location')).toHaveTextContent('/users?page=2');
    });

    it('sends a user who has not accepted the terms to /login with redirect_url, showing nothing meanwhile', async () => {
        gate(withMe({ accepted_tos: false }));
        expect(await screen.findByText('sign-in page')).toBeInTheDocument();
        expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect_url=%2Fusers%3Fpage%3D2');
        expect(screen.queryByText('the screen')).toBeNull();
    });

    it('sends a user who must change the password to /initial-password-setup first', async () => {
        gate(withMe({ password_changed: false, accepted_tos: false }), '/accounts/3');
        expect(await screen.findByText('password page')).toBeInTheDocument();
        expect(screen.getByTestId('location')).toHaveTextContent('/initial-password-setup?redirect_url=%2Faccounts%2F3');
        expect(screen.queryByText('the screen')).toBeNull();
    });

    it('never sends away from the pages it sends to', () => {
        const blocked = withMe({ password_changed: false, accepted_tos: false });
        for (const pathname of ['/login', '/initial-password-setup', '/logout'])
            expect(gateRedirect(blocked, { pathname, search: '' })).toBeUndefined();
        expect(gateRedirect(undefined, { pathname: '/', search: '' })).toBeUndefined();
    });
});
