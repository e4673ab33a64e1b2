import { seedDemoPeople } from './seed-people';
import { eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import {
    accessGroups,
    accounts,
    badges,
    cardFormats,
    deviceAccessGroups,
    devices,
    profileAccessGroups,
    profiles,
    readers,
    schedules,
    settings,
} from '../db/schema';
import type { ScheduleHoliday, WeeklyWindow } from '../../contract/schedules';
import { sha256 } from '../crypto/tokens';
import { newRegistrationCode } from '../resources/devices/registration';
import { readerIdentity } from './fleet/reader';

/** How the demo's simulated readers are set up: kept in settings so a restarted server drives the same fleet. */
export interface DemoFleetPlan {
    seed: string;
    /** registration code of each reader, by index */
    codes: string[];
    /** hardware_id prefix; absent in plans made before it was kept, whose readers are SIM-… */
    prefix?: string;
}

/**
 * The demo fleet's readers are DEMO-00001…: `npm run simulate` makes SIM-00001…
 * by default, and the same ids with other secrets would leave either fleet's
 * readers stuck 'to authenticate' when both run against the demo.
 */
export const DEMO_FLEET_PREFIX = 'DEMO';

const WORKING_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
/**
 * Each site's access groups and doors; a schedule goes to a group no demo
 * door serves, so the simulated readers decide as they would without it.
 */
const SITES: Record<string, { groups: string[]; doors: string[]; schedule?: DemoSchedule }> = {
    'Contoso Offices': {
        groups: ['All staff', 'Server room', 'Executive floor'],
        doors: ['Main entrance', 'Server room door', 'Executive floor lobby', 'Parking garage'],
        schedule: {
            group: 'Executive floor',
            name: 'Office hours',
            time_zone: 'Europe/Berlin',
            windows: WORKING_DAYS.map(day => ({ day, start: '07:00', end: '19:00' })),
            holidays: [
                { date: '12-25', name: 'Christmas Day', windows: [] },
                { date: '12-24', name: 'Christmas Eve', windows: [{ start: '08:00', end: '12:00' }] },
                { date: '01-01', name: "New Year's Day", windows: [] },
            ],
        },
    },
    'Fabrikam Labs': {
        groups: ['All staff', 'Clean room', 'Night shift'],
        doors: ['Front gate', 'Clean room airlock', 'Loading dock'],
        schedule: {
            group: 'Night shift',
            name: 'Night shift',
            time_zone: 'America/New_York',
            // a night is two windows, one each side of midnight
            windows: WORKING_DAYS.flatMap(day => [
                { day, start: '22:00', end: '24:00' },
                { day, start: '00:00', end: '06:00' },
            ]),
            holidays: [{ date: '07-04', name: 'Independence Day', windows: [] }],
        },
    },
    'Tailspin Clinic': { groups: ['All staff', 'Pharmacy'], doors: ['Reception', 'Pharmacy door', 'Staff entrance'] },
};
interface DemoSchedule {
    group: string;
    name: string;
    time_zone: string;
    windows: WeeklyWindow[];
    holidays: ScheduleHoliday[];
}

type Account = typeof accounts.$inferSelect;
type Named = { id: number; description: string };
type CardFormat = typeof cardFormats.$inferSelect;

/**
 * Access groups, profiles with badges, ACS readers and approved devices for
 * the demo's customer accounts, and the plan of the simulated fleet that
 * plays those devices: `fleetSize` readers, all but the last two approved
 * already; those two wait for approval in the console.
 */
export const seedDemoDevices = async (db: Db, customerNames: string[], fleetSize: number): Promise<DemoFleetPlan> => {
    const customers = await db.select().from(accounts).where(inArray(accounts.name, customerNames));
    const [h10301] = await db.select().from(cardFormats).where(eq(cardFormats.key, 'h10301'));
    const [h10306] = await db.select().from(cardFormats).where(eq(cardFormats.key, 'h10306'));
    const seed = randomBytes(16).toString('base64url');
    const codes = new Map<number, string>();
    for (const account of customers) {
        const value = newRegistrationCode();
        await db.update(accounts).set({ device_registration_code: value }).where(eq(accounts.id, account.id));
        codes.set(account.id, value);
    }

    const groupsByAccount = new Map<number, Named[]>();
    const doorsByAccount = new Map<number, Named[]>();
    for (const [a, account] of customers.entries()) {
        const { groups, doors } = await seedSite(db, account);
        groupsByAccount.set(account.id, groups);
        doorsByAccount.set(account.id, doors);
        await seedSitePeople(db, account, a, { h10301: h10301!, h10306: h10306! }, groups);
    }

    const result: DemoFleetPlan = {
        seed,
        codes: await seedFleetDevices(db, { customers, codes, seed, fleetSize, groupsByAccount, doorsByAccount }),
        prefix: DEMO_FLEET_PREFIX,
    };
    await db
        .insert(settings)
        .values({ key: 'demo_fleet', value: result })
        .onConflictDoUpdate({ target: settings.key, set: { value: result } });
    return result;
};

/** A customer's site: its schedule, its access groups (the first the default) and its doors, ACS readers. */
const seedSite = async (db: Db, account: Account) => {
    const site = SITES[account.name] ?? { groups: ['All staff'], doors: ['Main entrance'] };
    // the site's schedule first, so its group is made following it
    const plan = site.schedule;
    const [schedule] = plan
        ? await db
              .insert(schedules)
              .values({
                  account_id: account.id,
                  name: plan.name,
                  time_zone: plan.time_zone,
                  windows: plan.windows,
                  holidays: plan.holidays,
              })
              .returning({ id: schedules.id })
        : [];
    const groups = await db
        .insert(accessGroups)
        .values(
            site.groups.map((description, g) => ({
                account_id: account.id,
                description,
                default_group: g === 0,
                schedule_id: description === plan?.group ? schedule!.id : null,
            })),
        )
        .returning({ id: accessGroups.id, description: accessGroups.description });
    const doors = await db
        .insert(readers)
        .values(site.doors.map(description => ({ account_id: account.id, description })))
        .returning({ id: readers.id, description: readers.description });
    return { groups, doors };
};

/**
 * 40 people per site: a 26-bit badge each (facility 100 + site), a few a second 34-bit one; some still enrolling,
 * a few inactive. Then the named people of seed-people.ts.
 */
const seedSitePeople = async (
    db: Db,
    account: Account,
    a: number,
    formats: { h10301: CardFormat; h10306: CardFormat },
    groups: Named[],
) => {
    const people = await db
        .insert(profiles)
        .values(
            Array.from({ length: 40 }, (_, p) => ({
                account_id: account.id,
                acs_id: `${account.name.slice(0, 3).toUpperCase()}-${String(p + 1).padStart(4, '0')}`,
                status: p % 17 === 5 ? ('enrollment' as const) : p % 13 === 12 ? ('inactive' as const) : ('active' as const),
                enabled: p % 19 !== 18,
            })),
        )
        .returning({ id: profiles.id });
    await db.insert(badges).values(
        people.flatMap((person, p) => [
            {
                profile_id: person.id,
                account_id: account.id,
                card_format_id: formats.h10301.id,
                facility_code: 100 + a,
                badge_number: 1000 + p,
                card_length: 26,
                status: p % 17 === 5 ? ('enrollment' as const) : ('active' as const),
                enabled: p % 11 !== 10,
            },
            ...(p % 5 === 0
                ? [
                      {
                          profile_id: person.id,
                          account_id: account.id,
                          card_format_id: formats.h10306.id,
                          facility_code: 2000 + a,
                          badge_number: 50_000 + p,
                          card_length: 34,
                          status: 'active' as const,
                          enabled: true,
                      },
                  ]
                : []),
        ]),
    );
    await db
        .insert(profileAccessGroups)
        .values(
            people.flatMap((person, p) => [
                { profile_id: person.id, access_group_id: groups[0]!.id },
                ...(p % 4 === 0 && groups[1] ? [{ profile_id: person.id, access_group_id: groups[1].id }] : []),
                ...(p % 9 === 0 && groups[2] ? [{ profile_id: person.id, access_group_id: groups[2].id }] : []),
            ]),
        );
    await seedDemoPeople(db, {
        accountId: account.id,
        facility: 100 + a,
        formatId: formats.h10301.id,
        defaultGroupId: groups[0]!.id,
        people,
        now: new Date(),
    });
};

/**
 * The approved readers, spread over the sites; their secrets derive from the fleet's seed. Returns the
 * registration code of each reader of the fleet, by index.
 */
const seedFleetDevices = async (
    db: Db,
    fleet: {
        customers: Account[];
        codes: Map<number, string>;
        seed: string;
        fleetSize: number;
        groupsByAccount: Map<number, Named[]>;
        doorsByAccount: Map<number, Named[]>;
    },
) => {
    const { customers, codes, seed, fleetSize } = fleet;
    const approved = Math.max(0, fleetSize - 2);
    const plan: string[] = [];
    for (let i = 0; i < fleetSize; i++) {
        const account = customers[i % customers.length]!;
        plan.push(codes.get(account.id)!);
        if (i >= approved) continue;
        const identity = readerIdentity(seed, i, codes.get(account.id), DEMO_FLEET_PREFIX);
        const doors = fleet.doorsByAccount.get(account.id)!;
        const reader = doors[Math.floor(i / customers.length) % doors.length]!;
        const door = reader.description;
        const [device] = await db
            .insert(devices)
            .values({
                account_id: account.id,
                hardware_id: identity.hardwareId,
                description: door,
                status: 'offline',
                board_type: identity.boardType,
                release: identity.release,
                ip_address: identity.ip,
                mac_address: identity.mac,
                secret_hash: sha256(identity.secret),
                approved_at: new Date(),
                security_level: door.includes('Server') || door.includes('Pharmacy') ? 'high-security' : 'medium',
                role: door.includes('Server') || door.includes('Pharmacy') ? 'two-fa' : 'one-fa',
            })
            .returning({ id: devices.id });
        // The ACS reader of that door links to the device by hardware_id (the first device at a door takes it).
        if (i < customers.length * doors.length)
            await db.update(readers).set({ hardware_id: identity.hardwareId }).where(eq(readers.id, reader.id));
        const groups = fleet.groupsByAccount.get(account.id)!;
        const served = door.includes('Server') || door.includes('Clean') || door.includes('Pharmacy') ? [groups[1]!] : [groups[0]!];
        await db.insert(deviceAccessGroups).values(served.map(g => ({ device_id: device!.id, access_group_id: g.id })));
    }
    return plan;
};

/** The fleet plan of a demo platform seeded earlier, if any. */
export const demoFleetPlan = async (db: Db): Promise<DemoFleetPlan | undefined> =>
    (await db.select().from(settings).where(eq(settings.key, 'demo_fleet')).limit(1))[0]?.value as DemoFleetPlan | undefined;
