import { sweepDebris, sweepLeftovers, type FileOwner } from '../storage/sweep';
import type { Job } from './runner';

/** The sweep at start and every hour, on every instance, of the files the features own: what one removes, another finds gone. */
export const storageSweep = (owners: readonly FileOwner[]): Job => ({
    name: 'storage sweep',
    everyMs: 60 * 60_000,
    atStart: true,
    async run(ctx, log) {
        const graceMs = ctx.config.storageSweepGraceMinutes * 60_000;
        const removed = await sweepDebris(ctx, owners, { graceMs });
        if (Object.values(removed).some(n => n > 0)) log?.info({ removed }, 'storage sweep removed files no row refers to');
        const restores = await sweepLeftovers(ctx, { graceMs });
        if (restores) log?.info({ restores }, 'storage sweep removed what a stopped restore left');
    },
});
