import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationsReport } from '../../../contract/system';
import { migrationJournal } from '../../../server/db/database';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

/** GET /migrations (SPEC 2.2 /migrations, 6.2, 6.3): the schema and data migrations, to admin and moderator. */
let p: TestPlatform;
let cloud: TestPlatform;
beforeAll(async () => {
    [p, cloud] = await Promise.all([startPlatform(), startPlatform({ platformInstallation: 'cloud' })]);
});
afterAll(async () => {
    await Promise.all([p?.close(), cloud?.close()]);
});

describe('migrations', () => {
    it('lists every schema migration as applied, with when, and the data migrations as done', async () => {
        const admin = await p.as(ADMIN.email);
        const res = await admin('GET', '/migrations');
        expect(res.statusCode).toBe(200);
        const report = res.json() as MigrationsReport;
        const journal = migrationJournal();
        expect(report.schema.map(m => m.tag)).toEqual(journal.map(m => m.tag));
        expect(report.schema.every(m => m.state === 'applied' && m.applied_at !== null)).toBe(true);
        expect(report.schema.at(-1)).toMatchObject({ tag: journal.at(-1)!.tag, created_at: new Date(journal.at(-1)!.when).toISOString() });
        expect(report.database_ahead).toBe(0);
        expect(report.data).toEqual([
            expect.objectContaining({ key: 'predefined-card-formats', state: 'done' }),
            expect.objectContaining({ key: 'platform-identity', state: 'done', detail: 'Present' }),
        ]);
    });

    it('are for admin and moderator, and not for the admin of a cloud installation', async () => {
        const expected: [string, number][] = [
            [p.demo.customers[0].users.moderator.email, 200],
            [p.demo.dealer.users.dealer.email, 403],
            [p.demo.dealer.users.installer.email, 403],
            [p.demo.customers[0].users.manager.email, 403],
            [p.demo.customers[0].users.user.email, 403],
        ];
        for (const [email, status] of expected) expect((await (await p.as(email))('GET', '/migrations')).statusCode, email).toBe(status);
        expect((await (await cloud.as(ADMIN.email))('GET', '/migrations')).statusCode).toBe(403);
        expect((await (await cloud.as(cloud.demo.customers[0].users.moderator.email))('GET', '/migrations')).statusCode).toBe(200);
    });
});
