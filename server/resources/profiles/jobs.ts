import { sql } from 'drizzle-orm';
import { enrollmentImagePolicy, profileInactivityDays, type DeletionCause } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { rows } from '../../db/database';
import { accounts } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import { recordAudits } from '../../http/audit';
import { pruneEventImages } from '../events';
import { removeImages } from '../../storage/images';
import { deleteProfilesFor, type DeletedProfile } from './deletion';

/** Profiles per statement and account; the next run goes on. */
const SLICE = 1000;
const MAX_SLICES = 20;

/** What a job deleted, in the audit log with no user: the platform did it, by the account's policy. */
const auditExpired = (ctx: AppContext, gone: DeletedProfile[], cause: DeletionCause) =>
    recordAudits(
        ctx.db,
        null,
        gone.map(p => ({
            action: 'expire' as const,
            resource: 'profiles' as const,
            entity: 'Profile',
            entity_id: p.id,
            account_id: p.account_id,
            before: p,
            after: { deletion_cause: cause },
        })),
    );

/** Deletes the profiles `pick` names, a slice at a time, with their ProfileDeleted events and audit entries. */
const expireIn = async (ctx: AppContext, accountId: number, cause: DeletionCause, pick: () => Promise<number[]>) => {
    for (let slice = 0; slice < MAX_SLICES; slice++) {
        const ids = await pick();
        const gone = await deleteProfilesFor(ctx.db, ctx.storage, accountId, ids, cause);
        await auditExpired(ctx, gone, cause);
        if (ids.length < SLICE) return;
    }
};

/**
 * Visitors' profiles end at the midnight their expires_at holds (the
 * account's time zone when they were made, contract/cards.ts nextMidnight):
 * readers already refuse them from that instant; this job deletes them.
 */
export const visitorExpiry: Job = {
    name: 'visitor-expiry',
    everyMs: 60_000,
    atStart: true,
    async run(ctx) {
        const due = await rows<{ account_id: number }>(
            ctx.db,
            sql`select distinct account_id from profiles where visitor and expires_at <= ${ctx.now().toISOString()}`,
        );
        for (const { account_id } of due)
            await expireIn(ctx, account_id, 'visitor_expired', async () =>
                (
                    await rows<{ id: number }>(
                        ctx.db,
                        sql`select id from profiles where account_id = ${account_id} and visitor and expires_at <= ${ctx.now().toISOString()}
                            order by expires_at limit ${SLICE}`,
                    )
                ).map(r => Number(r.id)),
            );
    },
};

/**
 * SPEC 3 profile expiration policy: where an account deletes profiles
 * inactive for N days (prp/profiles), the profiles whose last activity (or
 * creation, if they never passed a reader) is older go, except those
 * holding a badge of the exclusion list. Visitors follow visitorExpiry.
 */
export const profileExpiry: Job = {
    name: 'profile-expiry',
    everyMs: 10 * 60_000,
    async run(ctx) {
        for (const account of await ctx.db.select({ id: accounts.id, options: accounts.options }).from(accounts)) {
            const days = profileInactivityDays(account.options);
            if (!days) continue;
            const cutoff = new Date(ctx.now().getTime() - days * 86_400_000).toISOString();
            await expireIn(ctx, account.id, 'expired', async () =>
                (
                    await rows<{ id: number }>(
                        ctx.db,
                        sql`select p.id from profiles p
                            where p.account_id = ${account.id} and not p.visitor and coalesce(p.last_activity_at, p.created_at) < ${cutoff}
                              and not exists (
                                  select 1 from badges b join card_lists c on c.account_id = b.account_id and c.list = 'exclusion'
                                      and c.card_format_id = b.card_format_id and coalesce(c.facility_code, -1) = coalesce(b.facility_code, -1)
                                      and c.badge_number = b.badge_number
                                  where b.profile_id = p.id)
                            order by coalesce(p.last_activity_at, p.created_at) limit ${SLICE}`,
                    )
                ).map(r => Number(r.id)),
            );
        }
    },
};

/**
 * SPEC 3 image retention policy for enrollment images: 'all' keeps them,
 * 'none' removes them at the next run, N days removes those older. The
 * event stays, its picture replaced by the retention one (SPEC 2.7).
 */
export const enrollmentImageRetention: Job = {
    name: 'enrollment-image-retention',
    everyMs: 10 * 60_000,
    async run(ctx) {
        for (const account of await ctx.db.select({ id: accounts.id, options: accounts.options }).from(accounts)) {
            const policy = enrollmentImagePolicy(account.options);
            if (policy.keep === 'all') continue;
            const cutoff = new Date(ctx.now().getTime() - (policy.keep === 'days' ? policy.days * 86_400_000 : 0));
            for (let slice = 0; slice < MAX_SLICES; slice++) {
                const keys = await pruneEventImages(ctx.db, account.id, cutoff, SLICE, 'enrollment');
                await removeImages(ctx.storage, keys);
                if (keys.length < SLICE) break;
            }
        }
    },
};

export const profileJobs: Job[] = [visitorExpiry, profileExpiry, enrollmentImageRetention];
