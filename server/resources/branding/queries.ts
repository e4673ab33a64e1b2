import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AccountBranding, BrandingInput, OwnBrand, PublicBrand } from '../../../contract/branding';
import { knownLocale, PLATFORM_BRAND } from '../../../contract/constants';
import type { Db } from '../../db/database';
import { accountBrandDomains, accountBrandings, accounts } from '../../db/schema';

type BrandRow = typeof accountBrandings.$inferSelect;

/** Where a brand's logo is served, changing with each new logo so that browsers fetch it again. */
const logoUrl = (row: BrandRow) => (row.logo_key ? `/api/v2/branding/logos/${row.account_id}?v=${row.updated_at.getTime()}` : null);

const toPublic = (row: BrandRow): PublicBrand => ({
    product_name: row.product_name,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    logo_url: logoUrl(row),
    support_email: row.support_email,
    support_url: row.support_url,
});

const PLATFORM: PublicBrand = { ...PLATFORM_BRAND, logo_url: null, support_email: null, support_url: null };

/** The ids of an account and those above it, nearest first ('/1/4/9/' is 9, 4, 1). */
const upTheTree = (path: string, id: number) => [
    id,
    ...path
        .split('/')
        .filter(Boolean)
        .map(Number)
        .filter(n => n !== id)
        .reverse(),
];

export const ownBranding = async (db: Db, accountId: number) =>
    (await db.select().from(accountBrandings).where(eq(accountBrandings.account_id, accountId)).limit(1))[0];

const domainsOf = async (db: Db, accountId: number) =>
    (await db.select({ host: accountBrandDomains.host }).from(accountBrandDomains).where(eq(accountBrandDomains.account_id, accountId)))
        .map(r => r.host)
        .sort();

/** An account's own brand as its editors see it, or null. */
const toOwn = async (db: Db, row: BrandRow | undefined): Promise<OwnBrand | null> =>
    row
        ? {
              product_name: row.product_name,
              primary_color: row.primary_color,
              secondary_color: row.secondary_color,
              support_email: row.support_email,
              support_url: row.support_url,
              default_locale: knownLocale(row.default_locale),
              domains: await domainsOf(db, row.account_id),
              has_logo: row.logo_key !== null,
              updated_at: row.updated_at.toISOString(),
          }
        : null;

/** The brand an account wears: its own, else the nearest above it, else the platform's. */
export const effectiveBranding = async (db: Db, account: { id: number; path: string }): Promise<AccountBranding['effective']> => {
    const chain = upTheTree(account.path, account.id);
    const rows = await db.select().from(accountBrandings).where(inArray(accountBrandings.account_id, chain));
    const nearest = chain.map(id => rows.find(r => r.account_id === id)).find(Boolean);
    return nearest
        ? { ...toPublic(nearest), from_account_id: nearest.account_id, default_locale: knownLocale(nearest.default_locale) }
        : { ...PLATFORM, from_account_id: null, default_locale: null };
};

export const accountBranding = async (db: Db, account: { id: number; path: string }): Promise<AccountBranding> => ({
    own: await toOwn(db, await ownBranding(db, account.id)),
    effective: await effectiveBranding(db, account),
});

/** The account whose brand already holds one of these host names, other than this one. */
export const hostTakenElsewhere = async (db: Db, accountId: number, hosts: string[]) =>
    hosts.length
        ? (
              await db
                  .select({ host: accountBrandDomains.host })
                  .from(accountBrandDomains)
                  .where(and(inArray(accountBrandDomains.host, hosts), ne(accountBrandDomains.account_id, accountId)))
                  .limit(1)
          )[0]?.host
        : undefined;

/** Sets an account's own brand and its host names, in one transaction (the host key keeps a host to one brand). */
export const saveBranding = async (db: Db, accountId: number, input: BrandingInput, now: Date) =>
    db.transaction(async tx => {
        const fields = {
            product_name: input.product_name,
            primary_color: input.primary_color,
            secondary_color: input.secondary_color,
            support_email: input.support_email,
            support_url: input.support_url,
            default_locale: input.default_locale,
            updated_at: now,
        };
        await tx
            .insert(accountBrandings)
            .values({ account_id: accountId, ...fields })
            .onConflictDoUpdate({ target: accountBrandings.account_id, set: fields });
        await tx.delete(accountBrandDomains).where(eq(accountBrandDomains.account_id, accountId));
        const hosts = [...new Set(input.domains)];
        if (hosts.length) await tx.insert(accountBrandDomains).values(hosts.map(host => ({ host, account_id: accountId })));
    });

/** Removes an account's own brand (it inherits again); the logo key it held, for the storage to remove. */
export const removeBranding = async (db: Db, accountId: number) =>
    (await db.delete(accountBrandings).where(eq(accountBrandings.account_id, accountId)).returning({ logo: accountBrandings.logo_key }))[0];

/** A new logo for an account's brand; the key of the one it replaces. */
export const setLogo = async (db: Db, accountId: number, key: string, now: Date) => {
    const before = await ownBranding(db, accountId);
    await db.update(accountBrandings).set({ logo_key: key, updated_at: now }).where(eq(accountBrandings.account_id, accountId));
    return before?.logo_key ?? null;
};

/** The brand of a host name, or the platform's own for a host no brand names. */
export const brandOfHost = async (db: Db, host: string): Promise<PublicBrand> => {
    const [found] = await db
        .select({ account_id: accountBrandDomains.account_id, path: accounts.path })
        .from(accountBrandDomains)
        .innerJoin(accounts, eq(accounts.id, accountBrandDomains.account_id))
        .where(eq(accountBrandDomains.host, host.toLowerCase()))
        .limit(1);
    if (!found) return PLATFORM;
    const {
        from_account_id: _from,
        default_locale: _locale,
        ...brand
    } = await effectiveBranding(db, { id: found.account_id, path: found.path });
    return brand;
};

/** The logo a brand holds, by its account. */
export const logoKeyOf = async (db: Db, accountId: number) => (await ownBranding(db, accountId))?.logo_key ?? null;

/** Which of these stored keys a brand still names (the storage sweep). */
export const referencedLogoKeys = async (db: Db, keys: string[]) =>
    new Set(
        (await db.select({ key: accountBrandings.logo_key }).from(accountBrandings).where(inArray(accountBrandings.logo_key, keys))).map(
            r => r.key!,
        ),
    );
