import { and, eq, gt, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
    ENROLLMENT_CODE_MAX_TOTAL_TRIES,
    ENROLLMENT_CODE_MAX_TRIES,
    OPEN_ENROLLMENT_STATUSES,
    type EnrollmentRecord,
    type EnrollmentStatus,
} from '../../../contract/enrollments';
import { rows, type Db } from '../../db/database';
import type { GaugeSample } from '../../metrics';
import { consentTemplates, enrollmentBatches, enrollmentInviteDays, enrollmentInvites } from '../../db/schema';
import { allOf, countAll, textMatch, orderBy, page, inAccountScope, type AccountScope } from '../../db/lists';

export type InviteRow = typeof enrollmentInvites.$inferSelect;
export type NewInvite = typeof enrollmentInvites.$inferInsert;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An invitation as the API shows it; one past its expiry reads 'expired' whatever is stored. */
export const toEnrollment = (r: InviteRow, now: Date): EnrollmentRecord => ({
    id: r.id,
    account_id: r.account_id,
    name: r.name,
    email: r.email,
    status: effectiveStatus(r, now),
    badge:
        r.badge_number === null || r.card_format_id === null
            ? null
            : { badge_number: r.badge_number, facility_code: r.facility_code, card_format_id: r.card_format_id },
    access_group_ids: r.access_group_ids,
    profile_id: r.profile_id,
    sent_at: iso(r.sent_at),
    opened_at: iso(r.opened_at),
    consented_at: iso(r.consented_at),
    completed_at: iso(r.completed_at),
    expires_at: r.expires_at.toISOString(),
    failure: r.failure,
    send_tries: r.send_tries,
    send_next_at: iso(r.send_next_at),
    send_error: r.send_error,
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
});

/** 'expired' once the link's time is over, for the statuses whose link would still work. */
export const effectiveStatus = (r: Pick<InviteRow, 'status' | 'expires_at'>, now: Date): EnrollmentStatus =>
    ['sent', 'opened', 'consented'].includes(r.status) && r.expires_at.getTime() <= now.getTime() ? 'expired' : r.status;

export interface EnrollmentFilters {
    scope: AccountScope;
    q?: string;
    status?: EnrollmentStatus;
    now: Date;
}

const SORT = {
    id: enrollmentInvites.id,
    name: enrollmentInvites.name,
    email: enrollmentInvites.email,
    created_at: enrollmentInvites.created_at,
    sent_at: enrollmentInvites.sent_at,
    completed_at: enrollmentInvites.completed_at,
    expires_at: enrollmentInvites.expires_at,
};

const statusIs = (status: EnrollmentStatus, now: Date): SQL => {
    const at = now.toISOString();
    const open = sql`${enrollmentInvites.status} in ('sent', 'opened', 'consented')`;
    if (status === 'expired')
        return sql`(${enrollmentInvites.status} = 'expired' or (${open} and ${enrollmentInvites.expires_at} <= ${at}))`;
    if (['sent', 'opened', 'consented'].includes(status))
        return sql`${enrollmentInvites.status} = ${status} and ${enrollmentInvites.expires_at} > ${at}`;
    return eq(enrollmentInvites.status, status);
};

export const listEnrollments = async (db: Db, f: EnrollmentFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = allOf([
        inAccountScope(f.scope, enrollmentInvites.account_id),
        textMatch(f.q, enrollmentInvites.name, enrollmentInvites.email),
        f.status ? statusIs(f.status, f.now) : undefined,
    ]);
    const query = db
        .select()
        .from(enrollmentInvites)
        .where(where)
        .orderBy(...orderBy(params.sort, SORT, { field: 'created_at', order: 'DESC' }, enrollmentInvites.id));
    const { result, count } = await page<InviteRow>(
        query.$dynamic() as never,
        db.select({ n: countAll }).from(enrollmentInvites).where(where),
        params,
    );
    return { result: result.map(r => toEnrollment(r, f.now)), count };
};

export const findInvite = async (db: Db, id: number): Promise<InviteRow | undefined> =>
    (await db.select().from(enrollmentInvites).where(eq(enrollmentInvites.id, id)).limit(1))[0];

export const insertInvites = (db: Db, rows: NewInvite[]) =>
    rows.length ? db.insert(enrollmentInvites).values(rows).returning() : Promise.resolve([] as InviteRow[]);

/** The invitations of an upload, stored as its lines pass (nothing is read back). */
export const addInvites = async (db: Db, invites: (typeof enrollmentInvites.$inferInsert)[]) => {
    if (invites.length) await db.insert(enrollmentInvites).values(invites);
};

/** A new upload's batch: its total stays 0, and the sender takes none of its invitations, until every line passed. */
export const insertBatch = async (db: Db, accountId: number, createdBy: string) =>
    (await db.insert(enrollmentBatches).values({ account_id: accountId, total: 0, created_by: createdBy }).returning())[0]!;

/** The upload's lines all passed: its invitations may be sent. */
export const setBatchTotal = (db: Db, batchId: number, total: number) =>
    db.update(enrollmentBatches).set({ total }).where(eq(enrollmentBatches.id, batchId));

/** An upload taken back: its invitations (none sent yet) and the batch. */
export const dropBatch = async (db: Db, batchId: number) => {
    await db.delete(enrollmentInvites).where(eq(enrollmentInvites.batch_id, batchId));
    await db.delete(enrollmentBatches).where(eq(enrollmentBatches.id, batchId));
};

export const findBatch = async (db: Db, id: number) => (await db.select().from(enrollmentBatches).where(eq(enrollmentBatches.id, id)))[0];

/** How far the sending of an upload is: sent, failed, not sent yet, and of those the ones waiting for a retry. */
export const batchProgress = async (db: Db, batchId: number) =>
    (
        await rows<{ sent: number; failed: number; pending: number; waiting: number }>(
            db,
            sql`select count(*) filter (where sent_at is not null and status <> 'failed')::int as sent,
                    count(*) filter (where status = 'failed')::int as failed,
                    count(*) filter (where sent_at is null and status in ('sent', 'consented'))::int as pending,
                    count(*) filter (where sent_at is null and status in ('sent', 'consented') and send_tries > 0)::int as waiting
                from enrollment_invites where batch_id = ${batchId}`,
        )
    )[0]!;

/** Changes an invitation only while it is in one of `from` (a link used twice at once: one wins). */
export const moveInvite = async (
    db: Db,
    id: number,
    from: readonly EnrollmentStatus[],
    set: Partial<typeof enrollmentInvites.$inferInsert>,
) =>
    (
        await db
            .update(enrollmentInvites)
            .set(set)
            .where(and(eq(enrollmentInvites.id, id), inArray(enrollmentInvites.status, [...from])))
            .returning()
    )[0];

/**
 * Counts a try at the link's code before the code is compared, and gives
 * back the code's hash and the link's tries so far; undefined when the code
 * may not be tried (none, expired, its tries or the link's spent). One
 * statement: tries sent at once cannot all read the same count.
 */
export const takeCodeTry = async (db: Db, invite: Pick<InviteRow, 'id' | 'nonce'>, now: Date) =>
    (
        await db
            .update(enrollmentInvites)
            .set({
                code_tries: sql`${enrollmentInvites.code_tries} + 1`,
                code_tries_total: sql`${enrollmentInvites.code_tries_total} + 1`,
            })
            .where(
                and(
                    eq(enrollmentInvites.id, invite.id),
                    eq(enrollmentInvites.nonce, invite.nonce),
                    inArray(enrollmentInvites.status, [...OPEN_ENROLLMENT_STATUSES]),
                    isNotNull(enrollmentInvites.code_hash),
                    gt(enrollmentInvites.code_expires_at, now),
                    lt(enrollmentInvites.code_tries, ENROLLMENT_CODE_MAX_TRIES),
                    lt(enrollmentInvites.code_tries_total, ENROLLMENT_CODE_MAX_TOTAL_TRIES),
                ),
            )
            .returning({ code_hash: enrollmentInvites.code_hash, code_tries_total: enrollmentInvites.code_tries_total })
    )[0];

export const updateInvite = async (db: Db, id: number, set: Partial<typeof enrollmentInvites.$inferInsert>) =>
    (await db.update(enrollmentInvites).set(set).where(eq(enrollmentInvites.id, id)).returning())[0];

export const consentTemplateOf = async (db: Db, accountId: number) =>
    (await db.select().from(consentTemplates).where(eq(consentTemplates.account_id, accountId)).limit(1))[0];

/** Sets the account's template; the previous file's key comes back, to remove. */
export const setConsentTemplate = (db: Db, row: typeof consentTemplates.$inferInsert) =>
    db.transaction(async tx => {
        const [previous] = await tx
            .select({ file_key: consentTemplates.file_key })
            .from(consentTemplates)
            .where(eq(consentTemplates.account_id, row.account_id));
        await tx
            .insert(consentTemplates)
            .values(row)
            .onConflictDoUpdate({ target: consentTemplates.account_id, set: { ...row, uploaded_at: sql`now()` } });
        return previous?.file_key ?? null;
    });

/**
 * Takes `count` invitations from what the account may still send on `day`
 * (UTC), in one statement so that two uploads at once cannot both pass the
 * cap; false, and nothing taken, when they would.
 */
export const takeFromDailyCap = async (db: Db, accountId: number, day: string, count: number, cap: number) => {
    if (count > cap) return false;
    const taken = await db
        .insert(enrollmentInviteDays)
        .values({ account_id: accountId, day, invitations: count })
        .onConflictDoUpdate({
            target: [enrollmentInviteDays.account_id, enrollmentInviteDays.day],
            set: { invitations: sql`${enrollmentInviteDays.invitations} + excluded.invitations` },
            setWhere: sql`${enrollmentInviteDays.invitations} + excluded.invitations <= ${cap}`,
        })
        .returning({ invitations: enrollmentInviteDays.invitations });
    return taken.length > 0;
};

/** Gives back what takeFromDailyCap took for a request that then stored nothing. */
export const giveBackToDailyCap = (db: Db, accountId: number, day: string, count: number) =>
    db
        .update(enrollmentInviteDays)
        .set({ invitations: sql`greatest(0, ${enrollmentInviteDays.invitations} - ${count})` })
        .where(and(eq(enrollmentInviteDays.account_id, accountId), eq(enrollmentInviteDays.day, day)));

/** Invitations the account sent on `day` (UTC). */
export const sentOnDay = async (db: Db, accountId: number, day: string) =>
    (
        await db
            .select({ invitations: enrollmentInviteDays.invitations })
            .from(enrollmentInviteDays)
            .where(and(eq(enrollmentInviteDays.account_id, accountId), eq(enrollmentInviteDays.day, day)))
    )[0]?.invitations ?? 0;

/** The days before `day` are of no more use to the cap. */
export const forgetDaysBefore = (db: Db, day: string) => db.delete(enrollmentInviteDays).where(lt(enrollmentInviteDays.day, day));

/**
 * The invitations of the mails gauge of the platform's metrics (server/metrics): those whose mail has not gone
 * (the sender's own condition, enrollment_invites_unsent_idx), and those failed because the mail server did not take
 * it (a failure with a send error: afterFailedTry).
 */
export const invitationMailCountsByState = async (db: Db): Promise<GaugeSample[]> => {
    const [counts] = await rows<{ waiting: number; failed: number }>(
        db,
        sql`select count(*) filter (where sent_at is null and status in ('sent', 'consented'))::int as waiting,
                   count(*) filter (where status = 'failed' and send_error is not null)::int as failed
            from enrollment_invites`,
    );
    return (['waiting', 'failed'] as const).map(state => ({ labels: { kind: 'invitation', state }, value: counts?.[state] ?? 0 }));
};
