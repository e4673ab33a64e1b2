import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../src/pages/LoginPage';
import { authProvider } from '../../../src/authProvider';
import { renderInAdmin } from '../render';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NORTHWIND = {
    product_name: 'Northwind Access',
    primary_color: '#1a237e',
    secondary_color: '#ff6f00',
    logo_url: '/api/v2/accounts/2/branding/logo',
    support_email: 'help@northwind.example',
    support_url: 'https://northwind.example/help',
};

describe("the sign-in page wears the brand of the host name it was reached by (docs/decisions.md 'Brands per account')", () => {
    it("shows the brand's name and logo, and the page's title", async () => {
        const fetch = vi.fn(async (url: string | URL | Request) =>
            String(url).includes('/branding/host') ? json(200, NORTHWIND) : json(200, { provider: 'local' }),
        );
        vi.stubGlobal('fetch', fetch);
        renderInAdmin(<LoginPage />, { authProvider });
        const mark = await screen.findByTestId('brand-mark');
        await waitFor(() => expect(mark).toHaveTextContent('Northwind Access'));
        expect(mark.querySelector('img')).toHaveAttribute('src', NORTHWIND.logo_url);
        expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/v2/branding/host'))).toBe(true);
    });

    it("keeps the platform's own name when the host has no brand of its own or the call fails", async () => {
        vi.stubGlobal(
            'fetch',
            vi.fn(async () => json(500, { error: 'x', request_id: 'r' })),
        );
        renderInAdmin(<LoginPage />, { authProvider });
        expect(await screen.findByTestId('brand-mark')).toHaveTextContent('Access Console');
    });
});
