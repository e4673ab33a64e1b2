import { eq, sql } from 'drizzle-orm';
import type { AcsIntegrationInput, ChuidSettings } from '../../../contract/acsIntegration';
import { DEFAULT_CHUID } from '../../../contract/acsIntegration';
import { ACCOUNT_OPTIONS, type AccountOption } from '../../../contract/session';
import type { Db } from '../../db/database';
import { accounts, acsIntegrations } from '../../db/schema';

export type AcsIntegrationRow = typeof acsIntegrations.$inferSelect;

/** The reply: the password replaced by whether it is set. */
export const toAcsIntegration = (row: AcsIntegrationRow) => ({
    id: row.id,
    account_id: row.account_id,
    provider: row.provider,
    address: row.address,
    settings: row.settings,
    password_set: !!row.secrets.password,
    sync_every_minutes: row.sync_every_minutes,
    enabled: row.enabled,
    last_sync_at: row.last_sync_at?.toISOString() ?? null,
    last_sync_status: row.last_sync_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

const origin = (address: string) => {
    try {
        return new URL(address).origin;
    } catch {
        return address;
    }
};

/**
 * The stored password, when the form still points at the same provider and
 * server: a changed address must come with its password, or anyone with the
 * write right could send the stored one to a server of theirs.
 */
export const storedPasswordFor = (row: AcsIntegrationRow | undefined, form: { provider: string; address: string }) =>
    row && row.provider === form.provider && origin(row.address) === origin(form.address) ? row.secrets.password : undefined;

export const findIntegration = async (db: Db, accountId: number): Promise<AcsIntegrationRow | undefined> =>
    (await db.select().from(acsIntegrations).where(eq(acsIntegrations.account_id, accountId)).limit(1))[0];

export const findIntegrationById = async (db: Db, id: number): Promise<AcsIntegrationRow | undefined> =>
    (await db.select().from(acsIntegrations).where(eq(acsIntegrations.id, id)).limit(1))[0];

/** Creates or replaces the account's integration; an absent password keeps the stored one. */
export const upsertIntegration = async (db: Db, accountId: number, input: AcsIntegrationInput, keptPassword: string | undefined) => {
    const password = input.secrets?.password || keptPassword;
    const values = {
        provider: input.provider,
        address: input.address,
        settings: input.settings as Record<string, unknown>,
        secrets: password ? { password } : {},
        sync_every_minutes: input.sync_every_minutes,
        enabled: input.enabled,
    };
    return (
        await db
            .insert(acsIntegrations)
            .values({ account_id: accountId, ...values })
            .onConflictDoUpdate({ target: acsIntegrations.account_id, set: { ...values, updated_at: sql`now()` } })
            .returning()
    )[0]!;
};

export const deleteIntegration = async (db: Db, id: number) =>
    (await db.delete(acsIntegrations).where(eq(acsIntegrations.id, id)).returning())[0];

export const chuidOf = (row: AcsIntegrationRow | undefined): ChuidSettings => ({ ...DEFAULT_CHUID, ...(row?.chuid ?? {}) });

export const updateChuid = async (db: Db, id: number, chuid: ChuidSettings) =>
    (
        await db
            .update(acsIntegrations)
            .set({ chuid, updated_at: sql`now()` })
            .where(eq(acsIntegrations.id, id))
            .returning()
    )[0]!;

/** Records a synchronisation's outcome on the integration (the lead's sync route and schedule call it). */
export const markSynced = (db: Db, id: number, at: Date, status: string) =>
    db.update(acsIntegrations).set({ last_sync_at: at, last_sync_status: status }).where(eq(acsIntegrations.id, id));

/**
 * Sets the account options acs/enabled and acs/provider (SPEC 3) in one
 * statement under the row's lock, so a concurrent change of other options is
 * not lost: the readers guard (SPEC 6.3) and the session's acsEnabled read them.
 */
export const setAcsOptions = async (db: Db, accountId: number, enabled: boolean, provider: string | null) =>
    db.transaction(async tx => {
        const [row] = await tx
            .select({ options: accounts.options })
            .from(accounts)
            .where(eq(accounts.id, accountId))
            .for('update')
            .limit(1);
        const kept = (row?.options ?? []).filter(o => o.name !== ACCOUNT_OPTIONS.acsEnabled && o.name !== ACCOUNT_OPTIONS.acsProvider);
        const options: AccountOption[] = [
            ...kept,
            { type: 'bool', name: ACCOUNT_OPTIONS.acsEnabled, value: enabled ? 'true' : 'false' },
            ...(provider ? [{ type: 'string', name: ACCOUNT_OPTIONS.acsProvider, value: provider }] : []),
        ];
        await tx
            .update(accounts)
            .set({ options, updated_at: sql`now()` })
            .where(eq(accounts.id, accountId));
        return { before: row?.options ?? [], after: options };
    });
