import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';

/**
 * A scheduled job. Every server instance runs every job; a job must be safe
 * with that (it takes its rows with FOR UPDATE SKIP LOCKED or one atomic
 * statement), so instances need no leader (DESIGN.md Scale).
 */
export interface Job {
    name: string;
    everyMs: number;
    /** also run once soon after start, not only after the first interval */
    atStart?: boolean;
    run(ctx: AppContext, log?: FastifyBaseLogger): Promise<void>;
}

/** Runs each job on its interval (with a little jitter so instances spread out); one run of a job at a time per process. */
export const startJobs = (ctx: AppContext, jobs: Job[], log: FastifyBaseLogger) => {
    const timers: NodeJS.Timeout[] = [];
    const running = new Set<string>();
    let stopped = false;
    for (const job of jobs) {
        const tick = async () => {
            if (stopped || running.has(job.name)) return;
            // Near the last bytes of the volume the embedded database would stall on its next write (docs/ops.md, Disk space).
            if (ctx.disk.critical()) return;
            running.add(job.name);
            try {
                ctx.metrics.jobsRun.inc({ job: job.name });
                await job.run(ctx, log);
            } catch (error) {
                ctx.metrics.jobsFailed.inc({ job: job.name });
                log.error({ err: error, job: job.name }, 'job failed');
            } finally {
                running.delete(job.name);
            }
        };
        const jitter = Math.floor(Math.random() * Math.min(job.everyMs, 1000));
        timers.push(
            setTimeout(() => {
                if (job.atStart) void tick();
                timers.push(setInterval(() => void tick(), job.everyMs));
            }, jitter),
        );
    }
    return {
        /** stops scheduling and waits for the runs under way */
        async stop() {
            stopped = true;
            timers.forEach(t => clearTimeout(t));
            while (running.size) await new Promise(r => setTimeout(r, 20));
        },
    };
};
