import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database';
import { coalesced } from '../../../server/db/coalesce';

/** A statement that takes a turn of the event loop, recording the keys of each run. */
const recorder = () => {
    const runs: number[][] = [];
    const call = coalesced(async (_db, keys: number[]) => {
        runs.push(keys);
        await new Promise(r => setTimeout(r, 5));
        if (keys.includes(13)) throw new Error('unlucky');
        return keys.map(k => k * 10);
    }, 4);
    return { runs, call };
};
const db = {} as Db;

describe('one statement for the calls that arrive together (server/db/coalesce.ts)', () => {
    it('runs a lone call at once, and the calls made meanwhile together in the next run, each with its own answer', async () => {
        const { runs, call } = recorder();
        const first = call(db, 1);
        const rest = [2, 3, 4].map(k => call(db, k));
        expect(await first).toBe(10);
        expect(await Promise.all(rest)).toEqual([20, 30, 40]);
        expect(runs).toEqual([[1], [2, 3, 4]]);
    });

    it('splits a crowd into runs of at most the given size', async () => {
        const { runs, call } = recorder();
        const all = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(k => call(db, k)));
        expect(all).toEqual([10, 20, 30, 40, 50, 60, 70]);
        expect(runs).toEqual([[1], [2, 3, 4, 5], [6, 7]]);
    });

    it('fails only the calls of the run that failed', async () => {
        const { call } = recorder();
        const first = call(db, 1);
        const together = [call(db, 12), call(db, 13)];
        await expect(first).resolves.toBe(10);
        await expect(together[0]).rejects.toThrow('unlucky');
        await expect(together[1]).rejects.toThrow('unlucky');
        await expect(call(db, 2)).resolves.toBe(20);
    });

    it('never mixes two databases (or a transaction and the pool) in one run', async () => {
        const { runs, call } = recorder();
        const other = {} as Db;
        await Promise.all([call(db, 1), call(other, 2), call(db, 3), call(other, 4)]);
        expect(runs).toEqual([[1], [2], [3], [4]]);
    });
});
