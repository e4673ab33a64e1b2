import { QUICK_DATE_RANGES } from '../../../contract/constants';

export type QuickRange = (typeof QUICK_DATE_RANGES)[number]['key'];

/** Start of today, or of N days before today (SPEC 9 quick date ranges), in the browser's time zone, as an ISO date-time. */
export const rangeStart = (days: number, now = new Date()) => {
    const start = new Date(now);
    start.setHours(0, 0, 0, 0);
    start.setDate(start.getDate() - days);
    return start.toISOString();
};

/** The quick range a `from` (with no `to`) stands for, if any. */
export const quickRangeOf = (from: string | undefined, to: string | undefined, now = new Date()): QuickRange | undefined =>
    from && !to ? QUICK_DATE_RANGES.find(r => rangeStart(r.days, now) === from)?.key : undefined;

/** ISO date-time -> the value of a datetime-local input (local time, minutes). */
export const toLocalInput = (iso: string | undefined) => {
    if (!iso) return '';
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return '';
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A datetime-local value (local time) -> ISO date-time, undefined when empty or invalid. */
export const fromLocalInput = (value: string) => {
    if (!value) return undefined;
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};
