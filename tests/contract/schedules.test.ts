import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
    insideSchedule,
    scheduleInput,
    SCHEDULE_DAYS,
    SCHEDULE_MESSAGES,
    type ScheduleDay,
    type ScheduleRules,
    type TimeRange,
} from '../../contract/schedules';
import { fieldErrors } from '../../contract/validation';

/**
 * insideSchedule against a model that does not use Intl: each zone's
 * offset from its published rules (EU, US since 2007, Australia since 2008,
 * fixed offsets), the local date and time by arithmetic, and the day's open
 * minutes as a table. Instants cluster around the DST transitions.
 */
const H = 3_600_000;
const lastSunday = (year: number, month: number) => {
    const d = new Date(Date.UTC(year, month + 1, 0));
    return d.getUTCDate() - d.getUTCDay();
};
const nthSunday = (year: number, month: number, n: number) => {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (n - 1);
};

interface ZoneModel {
    /** offset from UTC in minutes at an instant */
    offset(ms: number): number;
    /** the instants the offset changes in a year */
    transitions(year: number): number[];
}
const fixed = (minutes: number): ZoneModel => ({ offset: () => minutes, transitions: () => [] });
/** EU rule: summer time from the last Sunday of March to the last Sunday of October, both at 01:00 UTC. */
const eu = (standard: number): ZoneModel => {
    const bounds = (y: number) => [Date.UTC(y, 2, lastSunday(y, 2), 1), Date.UTC(y, 9, lastSunday(y, 9), 1)] as const;
    return {
        offset: ms => {
            const [a, b] = bounds(new Date(ms).getUTCFullYear());
            return ms >= a && ms < b ? standard + 60 : standard;
        },
        transitions: y => [...bounds(y)],
    };
};
/** US rule since 2007: second Sunday of March 02:00 standard to first Sunday of November 02:00 daylight. */
const us = (standard: number): ZoneModel => {
    const bounds = (y: number) =>
        [Date.UTC(y, 2, nthSunday(y, 2, 2), 2) - standard * 60_000, Date.UTC(y, 10, nthSunday(y, 10, 1), 1) - standard * 60_000] as const;
    return {
        offset: ms => {
            const [a, b] = bounds(new Date(ms).getUTCFullYear());
            return ms >= a && ms < b ? standard + 60 : standard;
        },
        transitions: y => [...bounds(y)],
    };
};
/** New South Wales since 2008: daylight time from the first Sunday of October 02:00 standard to the first Sunday of April 03:00 daylight. */
const sydney: ZoneModel = (() => {
    const bounds = (y: number) => [Date.UTC(y, 3, nthSunday(y, 3, 1), 3) - 11 * H, Date.UTC(y, 9, nthSunday(y, 9, 1), 2) - 10 * H] as const;
    return {
        offset: ms => {
            const [end, start] = bounds(new Date(ms + 10 * H).getUTCFullYear());
            return ms < end || ms >= start ? 660 : 600;
        },
        transitions: y => [...bounds(y)],
    };
})();
const ZONES: Record<string, ZoneModel> = {
    UTC: fixed(0),
    'Etc/GMT+7': fixed(-420),
    'Etc/GMT-3': fixed(180),
    'Asia/Kolkata': fixed(330),
    'Asia/Kathmandu': fixed(345),
    'Europe/Berlin': eu(60),
    'Europe/Paris': eu(60),
    'Europe/London': eu(0),
    'Europe/Helsinki': eu(120),
    'America/New_York': us(-300),
    'America/Chicago': us(-360),
    'America/Los_Angeles': us(-480),
    'Australia/Sydney': sydney,
};
const ZONE_NAMES = Object.keys(ZONES);

const pad = (n: number) => String(n).padStart(2, '0');
const modelInside = (s: ScheduleRules, instant: Date): boolean => {
    const local = new Date(instant.getTime() + ZONES[s.time_zone]!.offset(instant.getTime()) * 60_000);
    const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    const day = SCHEDULE_DAYS[(local.getUTCDay() + 6) % 7]!;
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    // the day's rule, most specific first
    const rules: [boolean, TimeRange[]][] = [
        ...s.exceptions.map(e => [e.date === date, e.windows] as [boolean, TimeRange[]]),
        ...s.holidays.filter(h => h.date.length === 10).map(h => [h.date === date, h.windows] as [boolean, TimeRange[]]),
        ...s.holidays.filter(h => h.date.length === 5).map(h => [h.date === date.slice(5), h.windows] as [boolean, TimeRange[]]),
        [true, s.windows.filter(w => w.day === day)],
    ];
    const windows = rules.find(([applies]) => applies)![1];
    const open = new Array<boolean>(1440).fill(false);
    for (const w of windows) {
        const [sh, sm] = w.start.split(':').map(Number);
        const [eh, em] = w.end.split(':').map(Number);
        for (let m = sh! * 60 + sm!; m < eh! * 60 + em!; m++) open[m] = true;
    }
    return open[minute]!;
};

const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
/** A window, its edges often on the given local minute (or next to it) so that edges get tested. */
const rangeNear = (minute: number) => {
    const edge = fc.oneof(
        fc.integer({ min: 0, max: 1440 }),
        fc.integer({ min: -1, max: 1 }).map(k => Math.min(1440, Math.max(0, minute + k))),
        fc.constant(1440),
    );
    return fc
        .tuple(edge, edge)
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => ({ start: hhmm(Math.min(a, b)), end: hhmm(Math.max(a, b)) }));
};
const localDateOf = (zone: string, ms: number, shiftDays: number) => {
    const d = new Date(ms + ZONES[zone]!.offset(ms) * 60_000 + shiftDays * 24 * H);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** An instant within a few hours of one of the zone's transitions (or anywhere in 2008–2035), and a schedule whose dates fall near it. */
const scenario = fc
    .record({
        zone: fc.constantFrom(...ZONE_NAMES),
        year: fc.integer({ min: 2008, max: 2035 }),
        which: fc.integer({ min: 0, max: 2 }),
        // whole minutes mostly, so that instants land on window edges
        shift: fc.integer({ min: -240, max: 240 }),
        second: fc.constantFrom(0, 0, 0, 59),
        anywhere: fc.integer({ min: 0, max: 365 * 24 * 60 }),
    })
    .chain(({ zone, year, which, shift, second, anywhere }) => {
        const transitions = ZONES[zone]!.transitions(year);
        const ms =
            (which < transitions.length ? transitions[which]! + shift * 60_000 : Date.UTC(year, 0, 1) + anywhere * 60_000) + second * 1000;
        const nearDate = fc.integer({ min: -1, max: 1 }).map(k => localDateOf(zone, ms, k));
        const local = new Date(ms + ZONES[zone]!.offset(ms) * 60_000);
        const range = rangeNear(local.getUTCHours() * 60 + local.getUTCMinutes());
        const ranges = fc.array(range, { maxLength: 3 });
        const today = SCHEDULE_DAYS[(local.getUTCDay() + 6) % 7]!;
        return fc.record({
            instant: fc.constant(new Date(ms)),
            schedule: fc.record({
                time_zone: fc.constant(zone),
                windows: fc.array(
                    fc
                        .tuple(fc.oneof(fc.constant(today), fc.constantFrom<ScheduleDay>(...SCHEDULE_DAYS)), range)
                        .map(([day, r]) => ({ day, ...r })),
                    { maxLength: 8 },
                ),
                holidays: fc.uniqueArray(
                    fc.record({
                        date: fc.tuple(nearDate, fc.boolean()).map(([d, yearly]) => (yearly ? d.slice(5) : d)),
                        windows: ranges,
                    }),
                    { maxLength: 3, selector: h => h.date },
                ),
                exceptions: fc.uniqueArray(fc.record({ date: nearDate, windows: ranges }), { maxLength: 2, selector: e => e.date }),
            }),
        });
    });

describe('insideSchedule agrees with the rule-based model', () => {
    it('over random zones, schedules, holidays and instants around DST transitions', () => {
        fc.assert(
            fc.property(scenario, ({ schedule, instant }) => {
                expect(insideSchedule(schedule, instant)).toBe(modelInside(schedule, instant));
            }),
            { numRuns: 3000 },
        );
    });

    it('every saved schedule decides the way its model does (what the API accepts is what the reader decides)', () => {
        fc.assert(
            fc.property(scenario, ({ schedule, instant }) => {
                const parsed = scheduleInput.parse({ name: 'x', ...schedule });
                expect(insideSchedule({ ...parsed, time_zone: parsed.time_zone! }, instant)).toBe(modelInside(schedule, instant));
            }),
            { numRuns: 300 },
        );
    });
});

const insideMinutes = (s: ScheduleRules, fromUtc: number, hours: number) => {
    const inside: number[] = [];
    for (let ms = fromUtc; ms < fromUtc + hours * H; ms += 60_000) if (insideSchedule(s, new Date(ms))) inside.push(ms);
    return inside;
};
const sunday = (zone: string, start: string, end: string): ScheduleRules => ({
    time_zone: zone,
    windows: [{ day: 'sun', start, end }],
    holidays: [],
    exceptions: [],
});

describe('the transition days of Europe/Berlin and America/New_York, 2026', () => {
    it('Berlin, 29 March: 02:00–03:00 does not exist, so a window of that hour never opens', () => {
        expect(insideMinutes(sunday('Europe/Berlin', '02:00', '03:00'), Date.UTC(2026, 2, 28, 20), 28)).toEqual([]);
        // 01:00–04:00 on the clock is two real hours: 00:00–02:00 UTC
        const inside = insideMinutes(sunday('Europe/Berlin', '01:00', '04:00'), Date.UTC(2026, 2, 28, 20), 28);
        expect(inside).toHaveLength(120);
        expect(new Date(inside[0]!).toISOString()).toBe('2026-03-29T00:00:00.000Z');
        expect(new Date(inside.at(-1)!).toISOString()).toBe('2026-03-29T01:59:00.000Z');
    });
    it('Berlin, 25 October: 02:00–03:00 happens twice, and both are inside', () => {
        const s = sunday('Europe/Berlin', '02:00', '03:00');
        expect(insideSchedule(s, new Date('2026-10-25T00:30:00Z'))).toBe(true); // 02:30 CEST
        expect(insideSchedule(s, new Date('2026-10-25T01:30:00Z'))).toBe(true); // 02:30 CET
        expect(insideSchedule(s, new Date('2026-10-25T02:00:00Z'))).toBe(false); // 03:00 CET
        expect(insideMinutes(s, Date.UTC(2026, 9, 24, 20), 28)).toHaveLength(120);
    });
    it('New York, 8 March: 02:00–03:00 does not exist', () => {
        expect(insideMinutes(sunday('America/New_York', '02:00', '03:00'), Date.UTC(2026, 2, 8), 24)).toEqual([]);
        expect(insideSchedule(sunday('America/New_York', '01:00', '03:30'), new Date('2026-03-08T07:00:00Z'))).toBe(true); // 03:00 EDT
        expect(insideSchedule(sunday('America/New_York', '01:00', '03:30'), new Date('2026-03-08T07:30:00Z'))).toBe(false); // 03:30 EDT
    });
    it('New York, 1 November: 01:00–02:00 happens twice, and both are inside', () => {
        const s = sunday('America/New_York', '01:00', '02:00');
        expect(insideSchedule(s, new Date('2026-11-01T05:15:00Z'))).toBe(true); // 01:15 EDT
        expect(insideSchedule(s, new Date('2026-11-01T06:15:00Z'))).toBe(true); // 01:15 EST
        expect(insideSchedule(s, new Date('2026-11-01T07:00:00Z'))).toBe(false); // 02:00 EST
        expect(insideMinutes(s, Date.UTC(2026, 10, 1), 24)).toHaveLength(120);
    });
});

describe('days, holidays and exceptions', () => {
    const office: ScheduleRules = {
        time_zone: 'Europe/Paris',
        windows: [
            { day: 'mon', start: '08:00', end: '18:00' },
            { day: 'sat', start: '20:00', end: '24:00' },
        ],
        holidays: [
            { date: '05-01', windows: [] },
            { date: '2028-05-01', windows: [{ start: '10:00', end: '12:00' }] },
        ],
        exceptions: [{ date: '2034-05-01', windows: [{ start: '06:00', end: '07:00' }] }],
    };
    it('a window ending at 24:00 runs to midnight and no further', () => {
        expect(insideSchedule(office, new Date('2026-11-28T22:59:59Z'))).toBe(true); // Sat 23:59:59 CET
        expect(insideSchedule(office, new Date('2026-11-28T23:00:00Z'))).toBe(false); // Sun 00:00
        expect(insideSchedule(office, new Date('2026-11-28T18:59:59Z'))).toBe(false); // Sat 19:59:59
    });
    it('a Monday is open 08:00–18:00, start included and end excluded', () => {
        expect(insideSchedule(office, new Date('2026-11-30T07:00:00Z'))).toBe(true); // 08:00 CET
        expect(insideSchedule(office, new Date('2026-11-30T16:59:59Z'))).toBe(true);
        expect(insideSchedule(office, new Date('2026-11-30T17:00:00Z'))).toBe(false);
    });
    it('a yearly holiday closes the day; a one-off holiday of that date and an exception override it', () => {
        // 1 May 2028, 2034 and 2034 are Mondays: the weekly window would open them
        expect(insideSchedule(office, new Date('2028-05-01T09:00:00Z'))).toBe(true); // 11:00 CEST, one-off holiday window
        expect(insideSchedule(office, new Date('2028-05-01T07:00:00Z'))).toBe(false); // 09:00, outside it
        expect(insideSchedule(office, new Date('2023-05-01T09:00:00Z'))).toBe(false); // yearly: closed
        expect(insideSchedule(office, new Date('2034-05-01T04:30:00Z'))).toBe(true); // 06:30, the exception
        expect(insideSchedule(office, new Date('2034-05-01T09:00:00Z'))).toBe(false);
    });
});

describe('what the API refuses, with its texts', () => {
    const errors = (body: object) => {
        const r = scheduleInput.safeParse({ name: 'Office', ...body });
        return r.success ? {} : fieldErrors(r.error.issues);
    };
    it('names the field and says why', () => {
        expect(errors({ name: ' ' })).toMatchObject({ name: expect.any(String) });
        expect(errors({ time_zone: 'Mars/Olympus' })).toEqual({ time_zone: SCHEDULE_MESSAGES.timeZone });
        expect(errors({ windows: [{ day: 'mon', start: '18:00', end: '08:00' }] })).toEqual({
            'windows.0.end': SCHEDULE_MESSAGES.startBeforeEnd,
        });
        expect(errors({ windows: [{ day: 'mon', start: '08:00', end: '24:01' }] })).toEqual({ 'windows.0.end': SCHEDULE_MESSAGES.time });
        expect(errors({ holidays: [{ date: '02-30' }] })).toEqual({ 'holidays.0.date': SCHEDULE_MESSAGES.holidayDate });
        expect(errors({ exceptions: [{ date: '12-25' }] })).toEqual({ 'exceptions.0.date': SCHEDULE_MESSAGES.date });
        expect(errors({ holidays: [{ date: '12-25' }, { date: '12-25' }] })).toEqual({
            'holidays.1.date': SCHEDULE_MESSAGES.duplicateDate,
        });
        expect(errors({ holidays: [{ date: '02-29' }], windows: [{ day: 'sun', start: '00:00', end: '24:00' }] })).toEqual({});
    });
});
