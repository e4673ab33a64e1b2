import { deviceAuthorization } from '../../../contract/device-api';
import type { DeviceEventInput, DeviceEventsReply } from '../../../contract/device-events';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../server/db/database';
import { profiles } from '../../../server/db/schema';
import { drawFrame } from '../../../server/demo/fleet/frames';
import type { ApiCaller, TestPlatform } from '../harness';
import { approvedReader as registeredReader } from '../readers/approvedReader';

let seq = 0;

/** A multipart body as a reader's HTTP client makes it: the events part, then one file part per image. */
export const multipartBody = async (events: unknown, files: Record<string, Buffer> = {}) => {
    const form = new FormData();
    form.append('events', typeof events === 'string' ? events : JSON.stringify(events));
    for (const [name, data] of Object.entries(files))
        form.append(name, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${name}.jpg`);
    const request = new Request('http://reader.local/', { method: 'POST', body: form });
    return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
};

export interface TestReader {
    id: number;
    key: string;
    accountId: number;
    /** POST /device/events as this reader: JSON when no files, multipart otherwise */
    post(
        events: unknown,
        files?: Record<string, Buffer>,
    ): Promise<{ statusCode: number; body: DeviceEventsReply & { error?: string }; headers: Record<string, unknown> }>;
    heartbeat(): Promise<number>;
}

/** A reader registered with the account's code and approved by the admin, that posts events and heartbeats. */
export const approvedReader = async (p: TestPlatform, admin: ApiCaller, accountId: number, description?: string): Promise<TestReader> => {
    const { id, key } = await registeredReader(p, admin, accountId, description);
    const authorization = deviceAuthorization(id, key);
    return {
        id,
        key,
        accountId,
        async post(events, files) {
            const res = files
                ? await (async () => {
                      const body = await multipartBody(events, files);
                      return p.app.inject({
                          method: 'POST',
                          url: '/api/v2/device/events',
                          headers: { authorization, 'content-type': body.contentType },
                          payload: body.payload,
                      });
                  })()
                : await p.app.inject({
                      method: 'POST',
                      url: '/api/v2/device/events',
                      headers: { authorization },
                      payload: events as object,
                  });
            return { statusCode: res.statusCode, body: res.json(), headers: res.headers };
        },
        async heartbeat() {
            return (await p.app.inject({ method: 'POST', url: '/api/v2/device/heartbeat', headers: { authorization }, payload: {} }))
                .statusCode;
        },
    };
};

/** A profile stored directly, with whatever columns a test needs. */
export const addProfile = async (p: TestPlatform, accountId: number, over: Partial<typeof profiles.$inferInsert> = {}) =>
    (
        await p.ctx.db
            .insert(profiles)
            .values({ account_id: accountId, acs_id: `ACS-${++seq}`, ...over })
            .returning()
    )[0]!;

/**
 * Deadlocks PostgreSQL has counted in the test's database so far. The
 * statistics collector publishes a backend's counters when it next goes
 * idle: a count taken after work waits a moment for them.
 */
export const deadlocksSoFar = async (p: TestPlatform) => {
    await new Promise(r => setTimeout(r, 1500));
    const [row] = await rows<{ n: string }>(
        p.ctx.db,
        sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`,
    );
    return Number(row!.n);
};

/** A reader's event with sensible defaults. */
export const deviceEvent = (over: Partial<DeviceEventInput> = {}): DeviceEventInput => ({
    device_event_id: `ev-${process.pid}-${++seq}`,
    event: '1FAFaceAuthenticated',
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    ...over,
});

/** A real JPEG camera frame with `faces` faces, and their boxes. */
export const frame = (faces = 1) => drawFrame(faces, faces * 31 + 7);

/**
 * A plan as it reads on the unpartitioned table: on PostgreSQL events is
 * partitioned by month (migration 0023), and a plan names each partition and
 * its own copy of an index; here they take the names of events and of the
 * index they are a copy of, so a test can ask which index serves a list.
 */
export const asUnpartitionedPlan = async (db: Db, plan: string) => {
    const names = await rows<{ child: string; parent: string }>(
        db,
        sql`select c.relname as child, p.relname as parent from pg_inherits i
            join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
            where p.relname = 'events' or p.relkind = 'I' order by length(c.relname) desc`,
    );
    return names.reduce((text, n) => text.replace(new RegExp(`\\b${n.child}\\b`, 'g'), n.parent), plan);
};
