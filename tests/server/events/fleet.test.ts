import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../contract/events';
import { accessGroups, badges, cardFormats, profileAccessGroups } from '../../../server/db/schema';
import { eventsPlugin } from '../../../server/demo/fleet/events';
import { Fleet } from '../../../server/demo/fleet/fleet';
import { bumpAccessVersion } from '../../../server/db/accessVersions';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { addProfile } from './helpers';

let p: TestPlatform;
let admin: ApiCaller;
let fleet: Fleet | undefined;
const people: number[] = [];

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    // An access list for the readers: the account's default group with three badge holders in it.
    const account = p.demo.customers[0].id;
    const [group] = await p.ctx.db
        .insert(accessGroups)
        .values({ account_id: account, description: 'Staff', default_group: true })
        .returning();
    const [format] = await p.ctx.db.select().from(cardFormats).where(eq(cardFormats.bits, 26)).limit(1);
    for (let i = 0; i < 3; i++) {
        const person = await addProfile(p, account);
        people.push(person.id);
        await p.ctx.db.insert(profileAccessGroups).values({ profile_id: person.id, access_group_id: group!.id });
        await p.ctx.db.insert(badges).values({
            profile_id: person.id,
            account_id: account,
            card_format_id: format!.id,
            badge_number: 500 + i,
            facility_code: 12,
            card_length: 26,
        });
    }
    await bumpAccessVersion(p.ctx.db, account);
});
afterAll(async () => {
    await fleet?.stop();
    await p?.close();
});

describe("the simulated fleet's events", () => {
    it("post events of the access list's profiles with camera frames and their boxes, all accepted", async () => {
        const url = await p.app.listen({ port: 0, host: '127.0.0.1' });
        const code = (await admin('GET', `/devices/registration_code?account_id=${p.demo.customers[0].id}`)).json().code;
        const events = eventsPlugin({ ratePerSecond: 40, everyMs: 250 });
        fleet = new Fleet({
            url,
            devices: 2,
            seed: 'events-fleet-test',
            prefix: `EVT${process.pid}`,
            registrationCode: code,
            rampMs: 100,
            fleetPlugins: [events],
        }).start();
        await expect
            .poll(async () => (await admin('GET', `/devices?account_id=${p.demo.customers[0].id}&status=pending`)).json().count, {
                timeout: 15_000,
            })
            .toBe(2);
        for (const d of (await admin('GET', `/devices?account_id=${p.demo.customers[0].id}&status=pending`)).json().result)
            expect((await admin('PUT', `/devices/${d.id}/approve`, {})).statusCode).toBe(200);
        // Readers pick up their keys and access lists at their next steps, then events flow.
        await expect.poll(() => events.stats.accepted, { timeout: 40_000, interval: 500 }).toBeGreaterThan(150);
        await fleet.stop();
        expect(events.stats.rejected).toBe(0);

        const listed = (await admin('GET', `/events?account_id=${p.demo.customers[0].id}&per_page=200`)).json() as {
            result: EventRecord[];
            count: number;
        };
        const fromFleet = listed.result.filter(e => e.group !== 'device');
        expect(new Set(fromFleet.map(e => e.group)).size).toBeGreaterThanOrEqual(3);
        const authentications = fromFleet.filter(e => e.group === 'authenticated');
        expect(authentications.length).toBeGreaterThan(0);
        for (const e of authentications) expect(people).toContain(e.profiles[0]!.profile_id);
        const withImage = fromFleet.find(e => e.image && e.profiles.length && e.profiles[0]!.roi)!;
        const image = await admin('GET', `/events/${withImage.id}/files/${withImage.image}`);
        expect(image.rawPayload.length).toBeGreaterThan(10_000);
        expect(image.rawPayload.length).toBeLessThan(60_000);
        const decoded = jpeg.decode(image.rawPayload);
        const roi = withImage.profiles[0]!.roi!;
        expect(roi.x + roi.w).toBeLessThanOrEqual(decoded.width);
        expect(roi.y + roi.h).toBeLessThanOrEqual(decoded.height);
        // A SIP call is one event in twelve: among 150 and more, one at least.
        expect(fromFleet.find(e => e.group === 'sip')?.sip_call?.remote_station).toEqual(expect.any(String));
    }, 60_000);
});
