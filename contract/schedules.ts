import { z } from 'zod';
import { isTimeZone } from './cards';
import { requiredText } from './validation';

/**
 * Access schedules and holidays (docs/decisions.md "Schedules"): when the profiles of an access
 * group may pass. A schedule is wall-clock time in its own IANA zone:
 * weekly windows per day, holidays (one-off YYYY-MM-DD or yearly MM-DD)
 * with their own windows (none: closed all day), and exceptions, one-off
 * dates whose windows override both. `insideSchedule` is the one decision,
 * shared by the server, the simulated readers and the console.
 */
export const SCHEDULE_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];
export const SCHEDULE_NAME_MAX = 100;
export const SCHEDULE_WINDOWS_MAX = 100;
export const SCHEDULE_DATES_MAX = 366;

export const SCHEDULE_MESSAGES = {
    nameRequired: 'Name is required',
    timeZone: 'An IANA time zone, such as Europe/Paris',
    time: 'A time from 00:00 to 24:00',
    startBeforeEnd: 'The window must end after it starts',
    date: 'A date as YYYY-MM-DD',
    holidayDate: 'A date as YYYY-MM-DD, or MM-DD for every year',
    duplicateDate: 'This date is listed twice',
    tooMany: (n: number) => `At most ${n}`,
} as const;

/** Minutes since midnight of 'HH:MM'; 24:00 is 1440, the end of the day. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;
const time = z.string({ error: SCHEDULE_MESSAGES.time }).regex(TIME, { error: SCHEDULE_MESSAGES.time });

const validDate = (year: number, month: number, day: number) => {
    const d = new Date(Date.UTC(year, month - 1, day));
    return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};
/** YYYY-MM-DD that exists on the calendar. */
export const isOneOffDate = (v: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8)));
/** MM-DD that exists in some year (02-29 included: it applies in leap years). */
export const isYearlyDate = (v: string) => /^\d{2}-\d{2}$/.test(v) && validDate(2000, Number(v.slice(0, 2)), Number(v.slice(3)));

/** A stretch of one day; start < end, an end of 24:00 runs to midnight. A night shift is two windows, one each side of midnight. */
export const timeRange = z
    .object({ start: time, end: time })
    .refine(r => !TIME.test(r.start) || !TIME.test(r.end) || minutesOf(r.start) < minutesOf(r.end), {
        error: SCHEDULE_MESSAGES.startBeforeEnd,
        path: ['end'],
    });
export type TimeRange = z.infer<typeof timeRange>;

export const weeklyWindow = z
    .object({ day: z.enum(SCHEDULE_DAYS), start: time, end: time })
    .refine(r => !TIME.test(r.start) || !TIME.test(r.end) || minutesOf(r.start) < minutesOf(r.end), {
        error: SCHEDULE_MESSAGES.startBeforeEnd,
        path: ['end'],
    });
export type WeeklyWindow = z.infer<typeof weeklyWindow>;

const ranges = z.array(timeRange).max(SCHEDULE_WINDOWS_MAX, { error: SCHEDULE_MESSAGES.tooMany(SCHEDULE_WINDOWS_MAX) });

export const scheduleHoliday = z.object({
    date: z.string().refine(v => isOneOffDate(v) || isYearlyDate(v), { error: SCHEDULE_MESSAGES.holidayDate }),
    name: z.string().max(SCHEDULE_NAME_MAX).optional(),
    /** none: closed that day */
    windows: ranges.default([]),
});
export type ScheduleHoliday = z.infer<typeof scheduleHoliday>;

export const scheduleException = z.object({
    date: z.string().refine(isOneOffDate, { error: SCHEDULE_MESSAGES.date }),
    name: z.string().max(SCHEDULE_NAME_MAX).optional(),
    windows: ranges.default([]),
});
export type ScheduleException = z.infer<typeof scheduleException>;

const uniqueDates = <T extends { date: string }>(items: T[], ctx: z.RefinementCtx, field: string) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
        if (seen.has(item.date)) ctx.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.duplicateDate, path: [field, i, 'date'] });
        seen.add(item.date);
    });
};

/** What insideSchedule needs: the rules, without the record's bookkeeping. */
export const scheduleRules = z.object({
    time_zone: z.string().refine(isTimeZone, { error: SCHEDULE_MESSAGES.timeZone }),
    windows: z.array(weeklyWindow).max(SCHEDULE_WINDOWS_MAX, { error: SCHEDULE_MESSAGES.tooMany(SCHEDULE_WINDOWS_MAX) }),
    holidays: z.array(scheduleHoliday).max(SCHEDULE_DATES_MAX, { error: SCHEDULE_MESSAGES.tooMany(SCHEDULE_DATES_MAX) }),
    exceptions: z.array(scheduleException).max(SCHEDULE_DATES_MAX, { error: SCHEDULE_MESSAGES.tooMany(SCHEDULE_DATES_MAX) }),
});
export type ScheduleRules = z.infer<typeof scheduleRules>;

/** Body of POST /schedules and PUT /schedules/{id}; time_zone left out: the account's (prp/timezone), else UTC. */
export const scheduleInput = z
    .object({
        name: requiredText(SCHEDULE_NAME_MAX, SCHEDULE_MESSAGES.nameRequired),
        time_zone: z.string().refine(isTimeZone, { error: SCHEDULE_MESSAGES.timeZone }).optional(),
        windows: scheduleRules.shape.windows.default([]),
        holidays: scheduleRules.shape.holidays.default([]),
        exceptions: scheduleRules.shape.exceptions.default([]),
    })
    .superRefine((s, ctx) => {
        uniqueDates(s.holidays, ctx, 'holidays');
        uniqueDates(s.exceptions, ctx, 'exceptions');
    });
export type ScheduleInput = z.input<typeof scheduleInput>;

export const scheduleRecord = scheduleRules.extend({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    name: z.string(),
    /** access groups that follow this schedule */
    groups_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type ScheduleRecord = z.infer<typeof scheduleRecord>;

/** A schedule as a reader receives it in its configuration. */
export const deviceSchedule = scheduleRules.extend({ id: z.number().int(), name: z.string() });
export type DeviceSchedule = z.infer<typeof deviceSchedule>;

// ---- the decision ----

export interface WallClock {
    /** YYYY-MM-DD */
    date: string;
    day: ScheduleDay;
    /** seconds since local midnight */
    seconds: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
    let f = formatters.get(zone);
    if (!f) {
        f = new Intl.DateTimeFormat('en-US', {
            timeZone: zone,
            hourCycle: 'h23',
            weekday: 'short',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
        });
        formatters.set(zone, f);
    }
    return f;
};
const WEEKDAYS: Record<string, ScheduleDay> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

/** The date, weekday and time of day an instant shows on the clocks of a zone. */
export const wallClock = (zone: string, instant: Date): WallClock => {
    const parts: Record<string, string> = {};
    for (const p of formatterOf(zone).formatToParts(instant)) parts[p.type] = p.value;
    const year = parts.year!.padStart(4, '0');
    return {
        date: `${year}-${parts.month}-${parts.day}`,
        day: WEEKDAYS[parts.weekday!]!,
        seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
    };
};

/** The windows of one local date: an exception, else a one-off holiday, else a yearly one, else the weekday's windows. */
export const windowsOfDate = (schedule: Omit<ScheduleRules, 'time_zone'>, date: string, day: ScheduleDay): TimeRange[] =>
    schedule.exceptions.find(e => e.date === date)?.windows ??
    schedule.holidays.find(h => h.date === date)?.windows ??
    schedule.holidays.find(h => h.date === date.slice(5))?.windows ??
    schedule.windows.filter(w => w.day === day);

/**
 * Whether an instant falls inside the schedule, on its zone's wall clock.
 * Windows are wall-clock time: on a spring-forward day the skipped hour
 * never shows on the clock, so no instant is inside it; on a fall-back day
 * the repeated hour shows twice, and both are inside a window covering it.
 */
export const insideSchedule = (schedule: ScheduleRules, instant: Date): boolean => {
    const clock = wallClock(schedule.time_zone, instant);
    return windowsOfDate(schedule, clock.date, clock.day).some(
        w => minutesOf(w.start) * 60 <= clock.seconds && clock.seconds < minutesOf(w.end) * 60,
    );
};

/**
 * Whether a profile in these groups may pass now at a reader whose groups
 * carry these schedules: inside the windows of one of them, a group
 * without a schedule being always open. No group: no access.
 */
export const groupsOpen = (
    groupIds: readonly number[],
    groups: readonly { id: number; schedule_id?: number | null }[],
    schedules: readonly (ScheduleRules & { id: number })[],
    instant: Date,
): boolean =>
    groupIds.some(id => {
        const group = groups.find(g => g.id === id);
        if (!group) return false;
        if (group.schedule_id == null) return true;
        const schedule = schedules.find(s => s.id === group.schedule_id);
        // A schedule the reader does not hold: closed rather than open, the safe side for a door.
        return schedule ? insideSchedule(schedule, instant) : false;
    });
