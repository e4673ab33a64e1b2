import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventRecord } from '../../../contract/events';
import { profiles } from '../../../server/db/schema';
import { seedDemoEvents } from '../../../server/demo/seed-events';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { addProfile, approvedReader } from './helpers';

let p: TestPlatform;
let admin: ApiCaller;
beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
});
afterAll(() => p?.close());

describe('demo events', () => {
    it('fill 30 days of the demo readers with events and their images, for the accounts\' profiles', async () => {
        const account = p.demo.customers[0].id;
        const readers = [await approvedReader(p, admin, account, 'Lobby'), await approvedReader(p, admin, account, 'Garage')];
        const people = [await addProfile(p, account), await addProfile(p, account)];
        const now = new Date();
        const seeded = await seedDemoEvents(p.ctx, { accountIds: [account], now });
        // 2 readers, 30 days, about 8 a working day: a few hundred, most with a picture.
        expect(seeded.events).toBeGreaterThan(200);
        expect(seeded.events).toBeLessThan(800);
        expect(seeded.images).toBeGreaterThan(seeded.events / 2);

        const list = (await admin('GET', `/events?account_id=${account}&per_page=200`)).json() as { result: EventRecord[]; count: number };
        expect(list.count).toBe(seeded.events);
        const oldest = (await admin('GET', `/events?account_id=${account}&per_page=1&sort=%2Btimestamp`)).json().result[0] as EventRecord;
        expect(now.getTime() - Date.parse(oldest.timestamp)).toBeGreaterThan(28 * 86_400_000);
        expect(new Set(list.result.map(e => e.device_id))).toEqual(new Set(readers.map(r => r.id)));
        const incident = list.result.find(e => e.incident && e.image)!;
        const image = await admin('GET', `/events/${incident.id}/files/${incident.image}`);
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
        const linked = list.result.flatMap(e => e.profiles.map(x => x.profile_id)).filter(Boolean);
        expect(new Set(linked)).toEqual(new Set(people.map(x => x.id)));
        const [person] = await p.ctx.db.select().from(profiles).where(eq(profiles.id, people[0]!.id));
        expect(person!.last_activity_at).not.toBeNull();
    });
});
