import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { AccountBranding } from '../../contract/branding';
import { AccountBrand } from '../../src/resources/accounts/AccountBrand';
import { AppNotification } from '../../src/notifications/AppNotification';
import { renderInAdmin, testSession } from './render';

const INHERITED: AccountBranding = {
    own: null,
    effective: {
        product_name: 'Northwind Access',
        primary_color: '#1a237e',
        secondary_color: '#ff6f00',
        logo_url: null,
        support_email: null,
        support_url: null,
        from_account_id: 2,
        default_locale: null,
    },
};

const open = (call: ReturnType<typeof vi.fn>, readOnly = false) =>
    renderInAdmin(
        <>
            <AccountBrand accountId={7} readOnly={readOnly} />
            <AppNotification />
        </>,
        {
            session: testSession('dealer'),
            dataProvider: { call, multipart: vi.fn() } as never,
        },
    );

describe("an account's brand (docs/decisions.md 'Brands per account')", () => {
    it('says whose brand the account wears, and saves its own with the host names as a list', async () => {
        const call = vi.fn(async (_path: string, options?: { method?: string; body?: unknown }) => {
            if (options?.method === 'PUT') {
                const body = options.body as { product_name: string; domains: string[] };
                return {
                    own: { ...INHERITED.effective, ...body, has_logo: false, updated_at: 'x' },
                    effective: { ...INHERITED.effective, ...body, from_account_id: 7 },
                };
            }
            return INHERITED;
        });
        open(call);
        expect(
            await screen.findByText(
                'This account wears the brand “Northwind Access” of an account above it. Save to give it one of its own.',
            ),
        ).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText(/Product name/), { target: { value: 'Contoso Doors' } });
        fireEvent.change(screen.getByLabelText('Host names'), { target: { value: 'doors.contoso.example, Access.Contoso.example' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save the brand' }));
        await waitFor(() =>
            expect(call).toHaveBeenCalledWith('/accounts/7/branding', {
                method: 'PUT',
                noAccount: true,
                body: expect.objectContaining({
                    product_name: 'Contoso Doors',
                    domains: ['doors.contoso.example', 'Access.Contoso.example'],
                }),
            }),
        );
        expect(await screen.findByText('This account has its own brand: its users and the accounts below it see it.')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Wear the brand above' })).toBeInTheDocument();
    });

    it("shows the server's reason under the colour it refused", async () => {
        const reason = 'The primary colour #ffeb3b has a contrast of 1.22:1 with white text; it needs at least 4.5:1.';
        const call = vi.fn(async (_path: string, options?: { method?: string }) => {
            if (options?.method === 'PUT') throw new HttpError('Validation error', 400, { fields: { primary_color: reason } });
            return INHERITED;
        });
        open(call);
        fireEvent.click(await screen.findByRole('button', { name: 'Save the brand' }));
        expect(await screen.findByText(reason)).toBeInTheDocument();
        expect(await screen.findByText('The form is not valid. Please check for errors')).toBeInTheDocument();
        expect(screen.queryByText(/try again later/)).toBeNull();
    });

    it('is read-only for a role that may only see it', async () => {
        open(
            vi.fn(async () => INHERITED),
            true,
        );
        expect(await screen.findByLabelText(/Product name/)).toBeDisabled();
        expect(screen.getByText('This account wears the brand “Northwind Access” of an account above it.')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Save the brand' })).toBeNull();
    });
});
