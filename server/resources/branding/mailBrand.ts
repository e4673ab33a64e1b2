import { knownLocale, PLATFORM_BRAND, type LocaleCode } from '../../../contract/constants';
import type { AppContext } from '../../context';
import type { MailBrand } from '../../mail/message';
import { findAccount } from '../accounts';
import { effectiveBranding } from './queries';

type MailContext = Pick<AppContext, 'db' | 'config'>;

/**
 * What an account's mails wear (docs/decisions.md "Brands per account"): its brand, own or inherited, its logo at
 * the platform's public address (none above it: undefined, the platform's plain mails), and the language its brand
 * sets for those of its people who chose none.
 */
export interface AccountMailStyle {
    brand: MailBrand | undefined;
    defaultLocale: LocaleCode | null;
}

export const accountMailStyle = async (ctx: MailContext, account: { id: number; path: string }): Promise<AccountMailStyle> => {
    const brand = await effectiveBranding(ctx.db, account);
    return {
        brand:
            brand.from_account_id === null
                ? undefined
                : {
                      product_name: brand.product_name,
                      support_email: brand.support_email,
                      primary_color: brand.primary_color,
                      logo_url: brand.logo_url && `${ctx.config.publicUrl}${brand.logo_url}`,
                  },
        defaultLocale: brand.default_locale,
    };
};

/** The brand an account's mails wear, or undefined: the platform's plain mails. */
export const mailBrandOf = async (ctx: MailContext, account: { id: number; path: string }) => (await accountMailStyle(ctx, account)).brand;

/** What each account's mails wear, looked up once a run however many mails go to its people. */
export const mailStylesOnce = (ctx: MailContext) => {
    const known = new Map<number, Promise<AccountMailStyle>>();
    return (account: { id: number; path: string }) => {
        if (!known.has(account.id)) known.set(account.id, accountMailStyle(ctx, account));
        return known.get(account.id)!;
    };
};

/**
 * How a mail to a user of the console is written: in the language the user chose, else the one their account's
 * brand sets, else English (docs/decisions.md "Mails in the recipient's language"); in the brand of the user's
 * account, naming its product.
 */
export const userMailStyle = async (
    ctx: MailContext,
    user: { locale: string | null; account_id: number },
): Promise<{ locale: LocaleCode; brand: MailBrand | undefined; product: string }> => {
    const account = await findAccount(ctx.db, user.account_id);
    const { brand, defaultLocale } = account ? await accountMailStyle(ctx, account) : { brand: undefined, defaultLocale: null };
    return {
        locale: knownLocale(user.locale) ?? defaultLocale ?? 'en',
        brand,
        product: brand?.product_name ?? PLATFORM_BRAND.product_name,
    };
};

/** The product name the users of an account know it by: its brand's, or the platform's own. */
export const productNameOf = async (db: AppContext['db'], accountId: number) => {
    const account = await findAccount(db, accountId);
    return account ? (await effectiveBranding(db, account)).product_name : PLATFORM_BRAND.product_name;
};
