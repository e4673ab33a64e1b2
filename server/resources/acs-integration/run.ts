import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { ACS_SUSPENSION_GRACE_DAYS, type AcsLogAction } from '../../../contract/acsIntegration';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { acsIntegrations } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import { publicOnly } from '../../net/outboundTarget';
import { DirectoryAddressRefused } from '../sso';
import { SsoError } from '../sso';
import { connectorForAccount } from './connectors';
import { writeAcsLogs } from './logs';
import { markSynced } from './queries';
import { applyCardholders, expireSuspensions, type AcsChange, type AcsSyncCounts } from './sync';

/** The integration log's name of each kind of change the synchronisation makes (sync.ts). */
const LOG_ACTION: Record<AcsChange['action'], AcsLogAction> = {
    added: 'added',
    changed: 'changed',
    suspended: 'suspended',
    reactivated: 'reactivated',
    deleted: 'deleted',
    badge_added: 'badge_added',
    badge_removed: 'badge_removed',
    group_created: 'group_added',
    skipped: 'skipped',
};

const summary = (counts: AcsSyncCounts) =>
    Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${n} ${k.replace('_', ' ')}`)
        .join(', ') || 'nothing to change';

export class AcsSyncError extends Error {}

/**
 * One synchronisation of an account (docs/decisions.md "ACS integration"): the ACS's cardholders read
 * through its connector, applied to profiles, badges and access groups
 * (sync.ts), every change written to the integration log, the outcome kept
 * on the integration. An ACS that cannot be read changes nothing and says
 * why, in the log and to the caller.
 */
export const syncAccount = async (ctx: AppContext, accountId: number, trigger: 'manual' | 'schedule') => {
    const [integration] = await ctx.db.select().from(acsIntegrations).where(eq(acsIntegrations.account_id, accountId)).limit(1);
    if (!integration) throw notFound('ACS integration');
    if (!integration.enabled) throw conflict('The ACS integration is disabled: enable it to synchronise');
    const now = ctx.now();
    const connector = await connectorForAccount(ctx.db, accountId, { publicOnly: publicOnly(ctx.config) });
    let cardholders;
    try {
        cardholders = await connector!.cardholders();
    } catch (error) {
        // the person is told what failed in words (a directory's SPEC 8.5 text); the log keeps the detail
        const reason =
            error instanceof DirectoryAddressRefused ? error.refusal : error instanceof SsoError ? error.text : (error as Error).message;
        const status = `Failed: ${reason}`;
        await writeAcsLogs(ctx.db, accountId, integration.id, [
            { level: 'error', action: 'sync', message: `Synchronisation (${trigger}) failed: ${(error as Error).message}` },
        ]);
        await markSynced(ctx.db, integration.id, now, status);
        throw new AcsSyncError(status);
    } finally {
        await connector?.close?.();
    }
    const result = await applyCardholders(ctx.db, accountId, cardholders, {
        now,
        graceDays: ACS_SUSPENSION_GRACE_DAYS,
        storage: ctx.storage,
    });
    const status = `${cardholders.length} cardholders read: ${summary(result.counts)}`;
    await writeAcsLogs(ctx.db, accountId, integration.id, [
        ...result.changes.map(c => ({
            level: c.level,
            action: LOG_ACTION[c.action],
            message: c.message,
            acs_id: c.acs_id,
            profile_id: c.profile_id,
            details: c.details,
        })),
        { level: 'info' as const, action: 'sync' as const, message: `Synchronisation (${trigger}): ${status}` },
    ]);
    await markSynced(ctx.db, integration.id, now, status);
    return { counts: result.counts as unknown as Record<string, number>, status };
};

/**
 * Synchronises every enabled integration whose interval has passed, and
 * deletes suspended profiles whose grace is over. Each due integration is
 * claimed by moving its last_sync_at in one statement, so with several
 * server instances one of them runs it (jobs/runner.ts).
 */
export const acsSyncJob: Job = {
    name: 'acs-sync',
    everyMs: 60_000,
    run: async (ctx, log) => {
        const now = ctx.now();
        const due = await ctx.db
            .update(acsIntegrations)
            .set({ last_sync_at: now })
            .where(
                and(
                    eq(acsIntegrations.enabled, true),
                    gt(acsIntegrations.sync_every_minutes, 0),
                    or(
                        isNull(acsIntegrations.last_sync_at),
                        lt(
                            acsIntegrations.last_sync_at,
                            sql`${now}::timestamptz - make_interval(mins => ${acsIntegrations.sync_every_minutes})`,
                        ),
                    ),
                ),
            )
            .returning({ account_id: acsIntegrations.account_id });
        for (const { account_id } of due) {
            try {
                await syncAccount(ctx, account_id, 'schedule');
            } catch (error) {
                log?.warn({ err: error, account_id }, 'ACS synchronisation failed');
            }
        }
        const accounts = await ctx.db.select({ account_id: acsIntegrations.account_id }).from(acsIntegrations);
        for (const { account_id } of accounts) await expireSuspensions(ctx.db, ctx.storage, account_id, now, ACS_SUSPENSION_GRACE_DAYS);
    },
};
