import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { authProvider } from '../../src/authProvider';
import { ApiDocsPage } from '../../src/pages/ApiDocsPage';
import { ConfirmEmailPage } from '../../src/pages/ConfirmEmailPage';
import { LoginPage } from '../../src/pages/LoginPage';
import { NotFoundPage } from '../../src/pages/NotFoundPage';
import { ResetPasswordPage } from '../../src/pages/ResetPasswordPage';
import { renderInAdmin } from './render';

afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
});

const json = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const Where = () => <div data-testid="where">{useLocation().pathname}</div>;

const signIn = async (status: number) => {
    vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(status, { error: 'x', request_id: 'r' })),
    );
    renderInAdmin(<LoginPage />, { authProvider });
    // The form shows once GET /login_provider has answered (here with the error every call gets: the password form).
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('sign-in errors (SPEC 8.1)', () => {
    it('422 says the credentials are wrong', async () => {
        await signIn(422);
        expect(await screen.findByText('Incorrect authentication credentials')).toBeInTheDocument();
    });
    it('any other reply is an error during login', async () => {
        await signIn(500);
        expect(await screen.findByText('Error during login')).toBeInTheDocument();
    });
    it('a second factor due shows the code step', async () => {
        vi.stubGlobal(
            'fetch',
            vi.fn(async () => json(200, { tfa_required: true, tfa_setup_required: false, token: 'step' })),
        );
        renderInAdmin(<LoginPage />, { authProvider });
        fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'a@b.test' } });
        fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
        fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
        expect(await screen.findByLabelText(/One-time code/)).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
        expect(screen.getByRole('link', { name: 'Lost your authenticator?' })).toHaveAttribute('href', '/reset_2fa');
    });
});

describe('reset password (SPEC 4.5)', () => {
    it('rests the send button for 3 s after a click and ticks on 204', async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        const fetchMock = vi.fn(async (_url: string | URL | Request) => json(204, undefined));
        vi.stubGlobal('fetch', fetchMock);
        renderInAdmin(<ResetPasswordPage />, { path: '/reset_password' });
        fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@b.test' } });
        const send = screen.getByRole('button', { name: 'Send reset link' });
        fireEvent.click(send);
        expect(send).toBeDisabled();
        expect(await screen.findByTestId('success-tick')).toBeInTheDocument();
        expect(screen.getByText(/a reset link is on its way/)).toBeInTheDocument();
        vi.advanceTimersByTime(1100);
        await waitFor(() => expect(screen.queryByTestId('success-tick')).toBeNull());
        expect(send).toBeDisabled();
        vi.advanceTimersByTime(2000);
        await waitFor(() => expect(send).toBeEnabled());
        // one reset asked for; the page's other call is the brand of its host name
        expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/reset_password'))).toHaveLength(1);
    });

    it('an expired link says so and offers a new one; a valid one checks the password rules', async () => {
        vi.stubGlobal(
            'fetch',
            vi.fn(async () => json(200, { status: 'expired' })),
        );
        const first = renderInAdmin(<ResetPasswordPage />, { path: '/reset_password?token=abcdefghijkl' });
        expect(await screen.findByText('This reset link has expired.')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
        first.unmount();
        vi.stubGlobal(
            'fetch',
            vi.fn(async () => json(200, { status: 'valid' })),
        );
        renderInAdmin(<ResetPasswordPage />, { path: '/reset_password?token=abcdefghijkl' });
        fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'abc' } });
        fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
        expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
        expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Abc#defg' } });
        expect(await screen.findByText('Password strength not met')).toBeInTheDocument();
    });
});

describe('/docs (SPEC 2.2)', () => {
    const docs = (session: boolean) => {
        const to = vi.fn();
        const auth = { ...authProvider, checkAuth: () => (session ? Promise.resolve() : Promise.reject(new Error('signed out'))) };
        renderInAdmin(
            <Routes>
                <Route path="/docs" element={<ApiDocsPage to={to} />} />
                <Route path="/login" element={<Where />} />
            </Routes>,
            { authProvider: auth, path: '/docs' },
        );
        return to;
    };

    it('takes a signed-in user to the API documentation', async () => {
        const to = docs(true);
        await waitFor(() => expect(to).toHaveBeenCalledWith('/api/v2/swagger/index.html'));
    });

    it('sends a signed-out visitor to sign in, not to the documentation', async () => {
        const to = docs(false);
        expect(await screen.findByTestId('where')).toHaveTextContent('/login');
        expect(to).not.toHaveBeenCalled();
    });
});

describe('confirming a new e-mail address', () => {
    const open = (status: number, body?: unknown) => {
        const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(status, body));
        vi.stubGlobal('fetch', fetch);
        renderInAdmin(<ConfirmEmailPage />, { authProvider, path: '/confirm_email?token=abc123abc123' });
        return fetch;
    };

    it('applies the address once and says so', async () => {
        const fetch = open(204);
        expect(await screen.findByText('Your e-mail address is changed. Sign in with it from now on.')).toBeInTheDocument();
        const confirms = fetch.mock.calls.filter(([url]) => String(url).includes('/confirm_email/'));
        expect(confirms.map(([url]) => String(url))).toEqual([expect.stringContaining('/api/v2/confirm_email/abc123abc123')]);
        expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    });

    it('says why not when the link is spent or the address taken', async () => {
        open(410, { error: 'This confirmation link is not valid any more.', request_id: 'r' });
        expect(await screen.findByText('This confirmation link is not valid any more.')).toBeInTheDocument();
    });
});

describe('not found (SPEC 2.2)', () => {
    it('says so and goes back home', async () => {
        renderInAdmin(
            <Routes>
                <Route
                    path="*"
                    element={
                        <>
                            <NotFoundPage />
                            <Where />
                        </>
                    }
                />
            </Routes>,
            { path: '/nowhere' },
        );
        expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Back home' }));
        expect(screen.getByTestId('where').textContent).toBe('/');
    });
});
