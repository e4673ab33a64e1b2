import type { AppContext } from '../../context';
import type { MailBrand } from '../../mail/message';
import { effectiveBranding } from './queries';

/**
 * The brand an account's mails wear (its own or inherited; docs/decisions.md "Brands per account"), its logo at the
 * platform's public address; none above it, undefined: the platform's plain mails.
 */
export const mailBrandOf = async (
    ctx: Pick<AppContext, 'db' | 'config'>,
    account: { id: number; path: string },
): Promise<MailBrand | undefined> => {
    const brand = await effectiveBranding(ctx.db, account);
    if (brand.from_account_id === null) return undefined;
    return {
        product_name: brand.product_name,
        support_email: brand.support_email,
        primary_color: brand.primary_color,
        logo_url: brand.logo_url && `${ctx.config.publicUrl}${brand.logo_url}`,
    };
};

/** The brand of each account's mails, looked up once a run however many mails go to its people. */
export const mailBrandsOnce = (ctx: Pick<AppContext, 'db' | 'config'>) => {
    const known = new Map<number, Promise<MailBrand | undefined>>();
    return (account: { id: number; path: string }) => {
        if (!known.has(account.id)) known.set(account.id, mailBrandOf(ctx, account));
        return known.get(account.id)!;
    };
};
