import { knownLocale, PLATFORM_BRAND, type LocaleCode } from '../../../contract/constants';
import type { AppContext } from '../../context';
import type { MailBrand } from '../../mail/message';
import { findAccount } from '../accounts';
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

/**
 * How a mail to a user of the console is written: in the language the user chose (English having chosen none;
 * docs/decisions.md "Mails in the recipient's language"), in the brand of the user's account, naming its product.
 */
export const userMailStyle = async (
    ctx: Pick<AppContext, 'db' | 'config'>,
    user: { locale: string | null; account_id: number },
): Promise<{ locale: LocaleCode; brand: MailBrand | undefined; product: string }> => {
    const account = await findAccount(ctx.db, user.account_id);
    const brand = account && (await mailBrandOf(ctx, account));
    return { locale: knownLocale(user.locale) ?? 'en', brand, product: brand?.product_name ?? PLATFORM_BRAND.product_name };
};

/** The product name the users of an account know it by: its brand's, or the platform's own. */
export const productNameOf = async (db: AppContext['db'], accountId: number) => {
    const account = await findAccount(db, accountId);
    return account ? (await effectiveBranding(db, account)).product_name : PLATFORM_BRAND.product_name;
};
