import { afterAll, beforeAll } from 'vitest';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, type TestReader } from './helpers';
import { openStream, type Stream } from './sse';

/**
 * One server listening on a port, two approved readers (Contoso, Fabrikam),
 * and live streams opened as a given user, closed when the test file ends.
 */
export interface LiveFixture {
    p: TestPlatform;
    admin: ApiCaller;
    base: string;
    contosoReader: TestReader;
    fabrikamReader: TestReader;
    streams: Stream[];
    /** GET /events/live as this user, once the server said it is ready */
    live(email: string, query: string, headers?: Record<string, string>): Promise<Stream>;
}

export const liveFixture = (): LiveFixture => {
    const f = { streams: [] as Stream[] } as unknown as LiveFixture;
    f.live = async (email, query, headers = {}) => {
        const s = await openStream(`${f.base}/api/v2/events/live?${query}`, await f.p.login(email), headers);
        f.streams.push(s);
        await s.next(m => m.event === 'ready');
        return s;
    };
    beforeAll(async () => {
        f.p = await startPlatform();
        f.admin = await f.p.as(ADMIN.email);
        f.contosoReader = await approvedReader(f.p, f.admin, f.p.demo.customers[0].id, 'Main door');
        f.fabrikamReader = await approvedReader(f.p, f.admin, f.p.demo.customers[1].id, 'Lab door');
        f.base = await f.p.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
        await Promise.all(f.streams.map(s => s.close()));
        await f.p?.close();
    });
    return f;
};
