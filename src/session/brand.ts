import { useSyncExternalStore } from 'react';
import { PLATFORM_BRAND } from '../../contract/constants';
import { apiFetch } from '../dataProvider/http';

/**
 * The brand the console wears (docs/decisions.md "Brands per account"): before sign-in, the brand of the host name
 * the page was reached by; signed in, the effective brand of the user's own account (its own, or the nearest one
 * up its tree, or the platform's). `null` until one is known: the platform's own look.
 */
export interface Brand {
    product_name: string;
    primary_color: string;
    secondary_color: string;
    /** where the logo is served, or null: no logo */
    logo_url: string | null;
    support_email: string | null;
    support_url: string | null;
}

let current: Brand | null = null;
const listeners = new Set<() => void>();

const wear = (brand: Brand | null) => {
    if (JSON.stringify(brand) === JSON.stringify(current)) return;
    current = brand;
    for (const listener of listeners) listener();
};

export const useBrand = (): Brand | null =>
    useSyncExternalStore(
        listener => {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
        () => current,
    );

/**
 * A brand a public page was answered (the host name's, or the enrollment page's: its inviting account's). The
 * platform's own brand is the look the console has without one: nothing to draw again, and its name in the reader's
 * language.
 */
export const wearPublicBrand = (brand: Brand | null) => wear(brand && brand.product_name !== PLATFORM_BRAND.product_name ? brand : null);

/**
 * The brand of the host name this page came from (GET /branding/host, before anyone signs in); unknown (the call
 * failed), the platform's own look rather than the brand of whoever signed out last.
 */
export const wearHostBrand = () => apiFetch<Brand>('/branding/host', { noAccount: true }).then(wearPublicBrand, () => wear(null));

/** The effective brand of a signed-in user's own account. */
export const wearAccountBrand = (accountId: number) =>
    apiFetch<{ effective: Brand & { from_account_id: number | null } }>(`/accounts/${accountId}/branding`, { noAccount: true }).then(
        // no account's brand above it: the platform's own look, its name in the reader's language
        reply => wear(reply?.effective && reply.effective.from_account_id !== null ? reply.effective : null),
        () => undefined,
    );
