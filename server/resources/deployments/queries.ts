import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
    emptyCounts,
    isFinalDeviceStatus,
    phaseSizes,
    type DeploymentDeviceFilter,
    type DeploymentGroup,
    type DeploymentLogLine,
    type DeploymentRecord,
    type DeploymentStatus,
    type DeviceDeploymentStatus,
    type ReportedStatus,
    type StatusCounts,
    OPEN_DEPLOYMENT_STATUSES,
    OPEN_DEVICE_DEPLOYMENT_STATUSES,
} from '../../../contract/firmware';
import { APPROVED_DEVICE_STATUSES } from '../../../contract/devices';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { accounts, deploymentDevices, deploymentLogs, deploymentPhases, deployments, devices, firmwareArtifacts } from '../../db/schema';
import { allOf, countAll, textMatch, orderBy, page, inAccountScope, type AccountScope } from '../../db/lists';

export type DeploymentRow = typeof deployments.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const sqlList = (values: readonly string[]) =>
    sql.join(
        values.map(v => sql`${v}`),
        sql`, `,
    );

/** pending and scheduled are one stored state: which one shows depends on whether the first phase has started. */
export const effectiveStatus = (row: Pick<DeploymentRow, 'status' | 'start_at'>, now: Date): DeploymentStatus =>
    row.status === 'pending' || row.status === 'scheduled' ? (row.start_at > now ? 'scheduled' : 'pending') : row.status;

// ---- creation ----

export interface NewDeployment {
    account_id: number;
    name: string;
    artifact: { id: number; name: string };
    retries: number;
    filter: DeploymentDeviceFilter | null;
    /** in order; start times already made non-decreasing */
    phases: { share: number | null; start_at: Date }[];
    /** in the order they are spread over the phases */
    devices: { id: number; hardware_id: string; description: string; board_type: string | null }[];
    created_by: number;
    created_by_name: string;
}

/** Writes the deployment, its phases and its devices (the first share of them to phase 0, and so on; the last phase takes the rest). */
export const insertDeployment = (db: Db, d: NewDeployment, now: Date) =>
    db.transaction(async tx => {
        const sizes = phaseSizes(
            d.devices.length,
            d.phases.map(p => p.share),
        );
        const start = d.phases[0]!.start_at;
        const [row] = await tx
            .insert(deployments)
            .values({
                account_id: d.account_id,
                name: d.name,
                artifact_id: d.artifact.id,
                artifact_name: d.artifact.name,
                status: start > now ? 'scheduled' : 'pending',
                retries: d.retries,
                filter: d.filter,
                device_count: d.devices.length,
                start_at: start,
                created_by: d.created_by,
                created_by_name: d.created_by_name,
            })
            .returning({ id: deployments.id });
        const id = row!.id;
        await tx.insert(deploymentPhases).values(
            d.phases.map((p, number) => ({
                deployment_id: id,
                number,
                share: number === d.phases.length - 1 ? null : p.share,
                start_at: p.start_at,
                device_count: sizes[number]!,
            })),
        );
        let next = 0;
        const members = sizes.flatMap((size, phase) =>
            d.devices.slice(next, (next += size)).map(device => ({
                deployment_id: id,
                device_id: device.id,
                hardware_id: device.hardware_id,
                description: device.description,
                board_type: device.board_type,
                phase,
            })),
        );
        for (let i = 0; i < members.length; i += 1000) await tx.insert(deploymentDevices).values(members.slice(i, i + 1000));
        return id;
    });

// ---- reading ----

export interface DeploymentFilters {
    scope: AccountScope;
    group?: DeploymentGroup;
    q?: string;
    ids?: number[];
}

const groupWhere = (group: DeploymentGroup | undefined, now: Date): SQL | undefined => {
    if (group === 'finished') return inArray(deployments.status, ['finished', 'aborted']);
    if (group === 'scheduled') return and(inArray(deployments.status, ['pending', 'scheduled']), sql`${deployments.start_at} > ${now}`);
    if (group === 'active')
        return or(
            eq(deployments.status, 'in_progress'),
            and(inArray(deployments.status, ['pending', 'scheduled']), sql`${deployments.start_at} <= ${now}`),
        );
    return undefined;
};

const SORTABLE = {
    name: deployments.name,
    created_at: deployments.created_at,
    start_at: deployments.start_at,
    finished_at: deployments.finished_at,
    artifact_name: deployments.artifact_name,
    device_count: deployments.device_count,
    id: deployments.id,
};

export interface DeploymentListRow extends DeploymentRow {
    account_name: string;
}

const selectDeployments = (db: Db) =>
    db
        .select({ deployment: deployments, account_name: accounts.name })
        .from(deployments)
        .innerJoin(accounts, eq(accounts.id, deployments.account_id));
type Joined = { deployment: DeploymentRow; account_name: string };

export const listDeployments = async (
    db: Db,
    f: DeploymentFilters,
    params: { page: number; per_page: number; sort?: string },
    now: Date,
) => {
    const where = allOf([
        inAccountScope(f.scope, deployments.account_id),
        groupWhere(f.group, now),
        textMatch(f.q, deployments.name, deployments.artifact_name),
        f.ids ? inArray(deployments.id, f.ids) : undefined,
    ]);
    const query = selectDeployments(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'created_at', order: 'DESC' }, deployments.id));
    const counted = db.select({ n: countAll }).from(deployments).innerJoin(accounts, eq(accounts.id, deployments.account_id)).where(where);
    const { result, count } = await page<Joined>(query.$dynamic() as never, counted, params);
    return { result: result.map(r => ({ ...r.deployment, account_name: r.account_name })), count };
};

export const findDeployment = async (db: Db, id: number): Promise<(DeploymentListRow & { account_path: string }) | undefined> => {
    const [row] = await db
        .select({ deployment: deployments, account_name: accounts.name, account_path: accounts.path })
        .from(deployments)
        .innerJoin(accounts, eq(accounts.id, deployments.account_id))
        .where(eq(deployments.id, id))
        .limit(1);
    return row ? { ...row.deployment, account_name: row.account_name, account_path: row.account_path } : undefined;
};

/** The API records of these deployments, with their figures by phase and status. */
export const toDeployments = async (db: Db, list: DeploymentListRow[], now: Date): Promise<DeploymentRecord[]> => {
    if (!list.length) return [];
    const ids = list.map(d => d.id);
    const [phases, counts] = await Promise.all([
        db
            .select()
            .from(deploymentPhases)
            .where(inArray(deploymentPhases.deployment_id, ids))
            .orderBy(asc(deploymentPhases.deployment_id), asc(deploymentPhases.number)),
        db
            .select({
                deployment_id: deploymentDevices.deployment_id,
                phase: deploymentDevices.phase,
                status: deploymentDevices.status,
                n: countAll,
            })
            .from(deploymentDevices)
            .where(inArray(deploymentDevices.deployment_id, ids))
            .groupBy(deploymentDevices.deployment_id, deploymentDevices.phase, deploymentDevices.status),
    ]);
    return list.map(d => {
        const stats = emptyCounts();
        const mine = counts.filter(c => c.deployment_id === d.id);
        for (const c of mine) stats[c.status] += c.n;
        return {
            id: d.id,
            account_id: d.account_id,
            account_name: d.account_name,
            name: d.name,
            artifact_id: d.artifact_id,
            artifact_name: d.artifact_name,
            status: effectiveStatus(d, now),
            retries: d.retries,
            filter: d.filter ?? null,
            device_count: d.device_count,
            stats,
            phases: phases
                .filter(p => p.deployment_id === d.id)
                .map(p => {
                    const phaseStats: StatusCounts = emptyCounts();
                    for (const c of mine.filter(c => c.phase === p.number)) phaseStats[c.status] += c.n;
                    return {
                        number: p.number,
                        share: p.share,
                        start_at: p.start_at.toISOString(),
                        started: p.start_at <= now,
                        device_count: p.device_count,
                        stats: phaseStats,
                    };
                }),
            created_by: d.created_by_name,
            created_at: d.created_at.toISOString(),
            start_at: d.start_at.toISOString(),
            finished_at: d.finished_at?.toISOString() ?? null,
        };
    });
};

const DEVICE_SORTABLE = {
    phase: deploymentDevices.phase,
    status: deploymentDevices.status,
    description: deploymentDevices.description,
    hardware_id: deploymentDevices.hardware_id,
    updated_at: deploymentDevices.updated_at,
    id: deploymentDevices.id,
};

export const listDeploymentDevices = (
    db: Db,
    deploymentId: number,
    f: { status?: DeviceDeploymentStatus; phase?: number; q?: string },
    params: { page: number; per_page: number; sort?: string },
) => {
    const where = allOf([
        eq(deploymentDevices.deployment_id, deploymentId),
        f.status ? eq(deploymentDevices.status, f.status) : undefined,
        f.phase !== undefined ? eq(deploymentDevices.phase, f.phase) : undefined,
        textMatch(f.q, deploymentDevices.description, deploymentDevices.hardware_id),
    ]);
    const query = db
        .select()
        .from(deploymentDevices)
        .where(where)
        .orderBy(...orderBy(params.sort, DEVICE_SORTABLE, { field: 'phase', order: 'ASC' }, deploymentDevices.id));
    return page<typeof deploymentDevices.$inferSelect>(
        query.$dynamic() as never,
        db.select({ n: countAll }).from(deploymentDevices).where(where),
        params,
    );
};

/** The log of one reader's entry in a deployment, oldest line first; undefined when the entry is not the deployment's. */
export const deploymentDeviceLog = async (db: Db, deploymentId: number, entryId: number, limit = 2000) => {
    const [entry] = await db
        .select({ id: deploymentDevices.id })
        .from(deploymentDevices)
        .where(and(eq(deploymentDevices.id, entryId), eq(deploymentDevices.deployment_id, deploymentId)))
        .limit(1);
    if (!entry) return undefined;
    return db
        .select()
        .from(deploymentLogs)
        .where(eq(deploymentLogs.deployment_device_id, entry.id))
        .orderBy(asc(deploymentLogs.id))
        .limit(limit);
};

// ---- changes ----

const appendLog = async (tx: Tx, deploymentDeviceId: number, lines: DeploymentLogLine[]) => {
    if (lines.length)
        await tx.insert(deploymentLogs).values(
            lines.map(l => ({
                deployment_device_id: deploymentDeviceId,
                timestamp: new Date(l.timestamp),
                level: l.level,
                message: l.message,
            })),
        );
};

/** After a reader's change: the deployment is under way, or finished when no reader is left to go. */
const settleDeployment = async (tx: Tx, deploymentId: number, now: Date) => {
    await tx.execute(sql`
        update deployments set
            status = case when exists (select 1 from deployment_devices where deployment_id = ${deploymentId} and status in (${sqlList(OPEN_DEVICE_DEPLOYMENT_STATUSES)})) then 'in_progress' else 'finished' end,
            finished_at = case when exists (select 1 from deployment_devices where deployment_id = ${deploymentId} and status in (${sqlList(OPEN_DEVICE_DEPLOYMENT_STATUSES)})) then null else ${now}::timestamptz end
        where id = ${deploymentId} and status in ('pending', 'scheduled', 'in_progress')`);
};

export type ReportOutcome =
    { ok: true; status: DeviceDeploymentStatus; failures: number } | { ok: false; reason: 'not-found' | 'closed' | 'not-started' };

/**
 * A reader's report on one deployment, in one transaction under the
 * deployment's row lock, so the last reader's report is the one that
 * finishes it, whichever server instance takes it. A failure is retried
 * (the reader gets the deployment again) until it has failed retries + 1 times.
 */
export const recordDeviceStatus = (
    db: Db,
    deploymentId: number,
    deviceId: number,
    reported: ReportedStatus | 'noartifact',
    log: DeploymentLogLine[],
    now: Date,
): Promise<ReportOutcome> =>
    db.transaction(async tx => {
        const [deployment] = await rows<{ status: DeploymentStatus; retries: number }>(
            tx as unknown as Db,
            sql`select status, retries from deployments where id = ${deploymentId} for update`,
        );
        if (!deployment) return { ok: false, reason: 'not-found' } as const;
        const [member] = await rows<{ id: number; status: DeviceDeploymentStatus; failures: number; phase: number }>(
            tx as unknown as Db,
            sql`select id, status, failures, phase from deployment_devices where deployment_id = ${deploymentId} and device_id = ${deviceId} for update`,
        );
        if (!member) return { ok: false, reason: 'not-found' } as const;
        if (deployment.status === 'aborted' || deployment.status === 'finished' || isFinalDeviceStatus(member.status))
            return { ok: false, reason: 'closed' } as const;
        const [phase] = await rows<{ start_at: Date | string }>(
            tx as unknown as Db,
            sql`select start_at from deployment_phases where deployment_id = ${deploymentId} and number = ${member.phase}`,
        );
        if (!phase || new Date(phase.start_at) > now) return { ok: false, reason: 'not-started' } as const;

        let status: DeviceDeploymentStatus = reported;
        let failures = member.failures;
        // a success clears the last failure's reason; a step under way keeps it
        let reason: string | null | undefined = reported === 'success' ? null : undefined;
        const lines = [...log];
        if (reported === 'failure') {
            failures++;
            reason = (log.findLast(l => l.level === 'error') ?? log.at(-1))?.message ?? null;
            if (failures <= deployment.retries) {
                status = 'pending';
                lines.push({
                    timestamp: now.toISOString(),
                    level: 'warning',
                    message: `Attempt ${failures} failed; the reader will try again (${deployment.retries - failures + 1} ${deployment.retries - failures + 1 === 1 ? 'retry' : 'retries'} left).`,
                });
            } else {
                lines.push({
                    timestamp: now.toISOString(),
                    level: 'error',
                    message: failures > 1 ? `Failed ${failures} times; no retry left.` : 'Failed.',
                });
            }
        }
        const final = isFinalDeviceStatus(status);
        await tx
            .update(deploymentDevices)
            .set({
                status,
                failures,
                ...(reason !== undefined ? { failure_reason: reason } : {}),
                updated_at: now,
                started_at: sql`coalesce(${deploymentDevices.started_at}, ${now})`,
                finished_at: final ? now : null,
            })
            .where(eq(deploymentDevices.id, member.id));
        await appendLog(tx, member.id, lines);
        await settleDeployment(tx, deploymentId, now);
        return { ok: true, status, failures } as const;
    });

/** Stops a deployment: readers that have not finished are marked aborted. False when it had already ended. */
export const abortDeployment = (db: Db, id: number, now: Date) =>
    db.transaction(async tx => {
        const [deployment] = await rows<{ status: DeploymentStatus }>(
            tx as unknown as Db,
            sql`select status from deployments where id = ${id} for update`,
        );
        if (!deployment || deployment.status === 'finished' || deployment.status === 'aborted') return false;
        await tx
            .update(deploymentDevices)
            .set({ status: 'aborted', finished_at: now, updated_at: now })
            .where(and(eq(deploymentDevices.deployment_id, id), inArray(deploymentDevices.status, [...OPEN_DEVICE_DEPLOYMENT_STATUSES])));
        await tx.update(deployments).set({ status: 'aborted', finished_at: now }).where(eq(deployments.id, id));
        return true;
    });

// ---- what readers see ----

export interface OpenDeployment {
    deployment_id: number;
    status: DeviceDeploymentStatus;
    failures: number;
    artifact_id: number | null;
    artifact_name: string | null;
    device_types: string[] | null;
    size: number | null;
    checksum: string | null;
}

/** The reader's deployments under way whose phase has started, oldest first. */
export const openDeploymentsOf = async (db: Db, deviceId: number, now: Date): Promise<OpenDeployment[]> =>
    (
        await db
            .select({
                deployment_id: deploymentDevices.deployment_id,
                status: deploymentDevices.status,
                failures: deploymentDevices.failures,
                artifact_id: firmwareArtifacts.id,
                artifact_name: firmwareArtifacts.name,
                device_types: firmwareArtifacts.device_types,
                size: firmwareArtifacts.size,
                checksum: firmwareArtifacts.checksum,
            })
            .from(deploymentDevices)
            .innerJoin(deployments, eq(deployments.id, deploymentDevices.deployment_id))
            .innerJoin(
                deploymentPhases,
                and(
                    eq(deploymentPhases.deployment_id, deploymentDevices.deployment_id),
                    eq(deploymentPhases.number, deploymentDevices.phase),
                ),
            )
            .leftJoin(firmwareArtifacts, eq(firmwareArtifacts.id, deployments.artifact_id))
            .where(
                and(
                    eq(deploymentDevices.device_id, deviceId),
                    inArray(deploymentDevices.status, [...OPEN_DEVICE_DEPLOYMENT_STATUSES]),
                    inArray(deployments.status, [...OPEN_DEPLOYMENT_STATUSES]),
                    sql`${deploymentPhases.start_at} <= ${now}`,
                ),
            )
            .orderBy(asc(deployments.created_at), asc(deployments.id))
            .limit(20)
    ).map(r => ({ ...r }));

/** The stored file of an artifact this reader is deploying right now; undefined otherwise. */
export const artifactForReader = async (db: Db, deviceId: number, artifactId: number, now: Date) =>
    (
        await db
            .select({
                storage_key: firmwareArtifacts.storage_key,
                size: firmwareArtifacts.size,
                name: firmwareArtifacts.name,
                file_name: firmwareArtifacts.file_name,
            })
            .from(deploymentDevices)
            .innerJoin(deployments, eq(deployments.id, deploymentDevices.deployment_id))
            .innerJoin(
                deploymentPhases,
                and(
                    eq(deploymentPhases.deployment_id, deploymentDevices.deployment_id),
                    eq(deploymentPhases.number, deploymentDevices.phase),
                ),
            )
            .innerJoin(firmwareArtifacts, eq(firmwareArtifacts.id, deployments.artifact_id))
            .where(
                and(
                    eq(deploymentDevices.device_id, deviceId),
                    eq(firmwareArtifacts.id, artifactId),
                    inArray(deploymentDevices.status, [...OPEN_DEVICE_DEPLOYMENT_STATUSES]),
                    inArray(deployments.status, [...OPEN_DEPLOYMENT_STATUSES]),
                    sql`${deploymentPhases.start_at} <= ${now}`,
                ),
            )
            .limit(1)
    )[0];

// ---- the phase job ----

/** Readers timed out by one statement: a whole fleet falling silent is done in short transactions. */
export const TIMEOUT_BATCH = 1000;

/** A timeout as the device log says it: "24 hours", "90 minutes", "1 second". */
export const spelledTimeout = (seconds: number) => {
    const [n, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
    return `${n} ${unit}${n === 1 ? '' : 's'}`;
};

/**
 * Readers of a started phase that have reported nothing for `timeoutSeconds`
 * (since their last report, or since their phase started when they never
 * did; a timeout counts as a report) fail that attempt as if they had
 * reported a failure: back to pending while retries are left, else failure;
 * each with a log line saying why. One statement for up to TIMEOUT_BATCH
 * readers (how many it took is returned): the rows are taken FOR UPDATE SKIP
 * LOCKED, so a second instance running the job at the same time, or a
 * reader's report under way, is left alone and each reader fails once.
 */
export const timeOutSilentReaders = async (db: Db, now: Date, timeoutSeconds: number) => {
    if (!(timeoutSeconds > 0)) return 0;
    const cutoff = new Date(now.getTime() - timeoutSeconds * 1000);
    const why = `No report from the reader for ${spelledTimeout(timeoutSeconds)}: `;
    const timedOut = await rows<{ id: number }>(
        db,
        sql`
        with due as (
            select dd.id, d.retries
            from deployment_devices dd
            join deployments d on d.id = dd.deployment_id
            join deployment_phases p on p.deployment_id = dd.deployment_id and p.number = dd.phase
            where dd.status in (${sqlList(OPEN_DEVICE_DEPLOYMENT_STATUSES)})
              and dd.device_id is not null
              and d.status in (${sqlList(OPEN_DEPLOYMENT_STATUSES)})
              -- Nobody in a phase that started less than the timeout ago can be due: that skips the readers at work.
              and p.start_at <= ${cutoff}::timestamptz
              -- updated_at is when it last reported (or timed out); before either it is only the row's creation
              and (case when dd.started_at is null and dd.failures = 0 then p.start_at else dd.updated_at end) <= ${cutoff}::timestamptz
            limit ${TIMEOUT_BATCH}
            for update of dd skip locked
        ), failed as (
            update deployment_devices dd set
                failures = dd.failures + 1,
                failure_reason = ${why.replace(/: $/, '.')}::text,
                status = case when dd.failures + 1 <= due.retries then 'pending' else 'failure' end,
                finished_at = case when dd.failures + 1 <= due.retries then null else ${now}::timestamptz end,
                updated_at = ${now}::timestamptz
            from due
            where dd.id = due.id and dd.status in (${sqlList(OPEN_DEVICE_DEPLOYMENT_STATUSES)})
            returning dd.id, dd.status, dd.failures, due.retries
        )
        insert into deployment_logs (deployment_device_id, timestamp, level, message)
        select id, ${now}::timestamptz,
            case when status = 'failure' then 'error' else 'warning' end,
            ${why}::text || case
                when status = 'pending' then 'attempt ' || failures || ' failed; the reader will try again ('
                    || (retries - failures + 1) || case when retries - failures + 1 = 1 then ' retry' else ' retries' end || ' left).'
                when failures = 1 then 'marked failed.'
                else 'failed ' || failures || ' times; no retry left.'
            end
        from failed
        returning deployment_device_id as id`,
    );
    return timedOut.length;
};

/**
 * One statement each, safe on several instances: deployments whose first
 * phase has come are pending; readers deleted during a deployment are
 * marked aborted; silent readers time out; deployments with no reader left
 * to go finish.
 */
export const advanceDeployments = async (db: Db, now: Date, readerTimeoutSeconds: number) => {
    await db.execute(sql`update deployments set status = 'pending' where status = 'scheduled' and start_at <= ${now}`);
    // A reader deleted while its deployment ran will not report again.
    await db.execute(
        sql`update deployment_devices set status = 'aborted', finished_at = ${now}::timestamptz, updated_at = ${now}::timestamptz where device_id is null and status in (${sqlList(OPEN_DEVICE_DEPLOYMENT_STATUSES)})`,
    );
    while ((await timeOutSilentReaders(db, now, readerTimeoutSeconds)) === TIMEOUT_BATCH);
    await db.execute(sql`
        update deployments d set status = 'finished', finished_at = ${now}
        where d.status in (${sqlList(OPEN_DEPLOYMENT_STATUSES)})
          and not exists (select 1 from deployment_devices dd where dd.deployment_id = d.id and dd.status in (${sqlList(OPEN_DEVICE_DEPLOYMENT_STATUSES)}))`);
};

/**
 * For each firmware uploaded in these accounts, how many approved readers of the scope it fits (a reader's board
 * type among the firmware's device types): what the Schedule an Update form may offer.
 */
export const candidateCounts = (db: Db, artifactAccountIds: number[], readers: AccountScope) =>
    db
        .select({ artifact_id: firmwareArtifacts.id, readers: sql<number>`count(${devices.id})::int` })
        .from(firmwareArtifacts)
        .leftJoin(
            devices,
            allOf([
                sql`${devices.board_type} = any(${firmwareArtifacts.device_types})`,
                inArray(devices.status, [...APPROVED_DEVICE_STATUSES]),
                inAccountScope(readers, devices.account_id),
            ]),
        )
        .where(inArray(firmwareArtifacts.account_id, artifactAccountIds))
        .groupBy(firmwareArtifacts.id)
        .orderBy(firmwareArtifacts.id);
