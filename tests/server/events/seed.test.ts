import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { EventRecord } from '../../../contract/events';
import { badges, cardFormats, profiles } from '../../../server/db/schema';
import { seedDemoEvents } from '../../../server/demo/seed-events';
import { platformForFile, type ApiCaller, type TestPlatform } from '../harness';
import { addProfile, approvedReader } from './helpers';

let p: TestPlatform;
let admin: ApiCaller;
platformForFile(started => ({ p, admin } = started));

describe('demo events', () => {
    it("fill 30 days of the demo readers with events and their images, for the accounts' profiles", async () => {
        const account = p.demo.customers[0].id;
        const readers = [await approvedReader(p, admin, account, 'Lobby'), await approvedReader(p, admin, account, 'Garage')];
        const people = [await addProfile(p, account), await addProfile(p, account)];
        const [h10301] = await p.ctx.db.select().from(cardFormats).where(eq(cardFormats.key, 'h10301'));
        await p.ctx.db.insert(badges).values({
            profile_id: people[0]!.id,
            account_id: account,
            card_format_id: h10301!.id,
            badge_number: 4242,
            facility_code: 12,
            card_length: 26,
        });
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
        // the badge holder's events carry the badge number, a number on either database
        const badged = list.result.flatMap(e => e.profiles).filter(x => x.profile_id === people[0]!.id);
        expect(badged.length).toBeGreaterThan(0);
        for (const x of badged) expect(x.badge_number).toBe(4242);
        for (const x of list.result.flatMap(e => e.profiles).filter(y => y.profile_id === people[1]!.id))
            expect(x.badge_number ?? null).toBeNull();
        expect((await admin('GET', `/dashboard?account_id=${account}`)).statusCode).toBe(200);
        expect(new Set(linked)).toEqual(new Set(people.map(x => x.id)));
        const [person] = await p.ctx.db.select().from(profiles).where(eq(profiles.id, people[0]!.id));
        expect(person!.last_activity_at).not.toBeNull();
    });
});
