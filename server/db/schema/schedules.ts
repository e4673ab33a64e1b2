import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ScheduleException, ScheduleHoliday, WeeklyWindow } from '../../../contract/schedules';
import { accounts } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Access schedules: when the members of an access group may
 * pass. The rules are small and always read whole (readers get them in
 * their configuration), so they are JSON columns, not rows.
 */
export const schedules = pgTable(
    'schedules',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: 100 }).notNull(),
        time_zone: text('time_zone').notNull(),
        windows: jsonb('windows').$type<WeeklyWindow[]>().notNull().default([]),
        holidays: jsonb('holidays').$type<ScheduleHoliday[]>().notNull().default([]),
        exceptions: jsonb('exceptions').$type<ScheduleException[]>().notNull().default([]),
        created_at: tz('created_at').notNull().defaultNow(),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    t => [
        index('schedules_account_idx').on(t.account_id, t.name),
        uniqueIndex('schedules_account_name_idx').on(t.account_id, sql`lower(${t.name})`),
    ],
);
