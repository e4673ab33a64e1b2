import { z } from 'zod';
import { optionValueError } from './cards';
import { enrollmentOptionError } from './enrollments';
import { FIELD_MAX } from './constants';
import { email, optionalText, requiredText, MESSAGES } from './validation';

export const ACCOUNT_TYPES = ['platform', 'dealer', 'customer'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const accountOption = z.object({
    type: z.string().max(40),
    name: z.string().min(1).max(100),
    value: z.string().max(10_000),
});

/** The most options an account holds. */
export const ACCOUNT_OPTIONS_MAX = 200;

/** What is wrong with an option's value, when something reads it (contract/cards.ts, enrollments.ts); others stay free text. */
export const accountOptionProblem = (o: z.infer<typeof accountOption>): string | null | undefined =>
    optionValueError(o.name, o.value) ?? enrollmentOptionError(o.name, o.value);

const checkedOptions = z
    .array(accountOption)
    .max(ACCOUNT_OPTIONS_MAX)
    .superRefine((options, ctx) =>
        options.forEach((o, i) => {
            const problem = accountOptionProblem(o);
            if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [i, 'value'] });
        }),
    );

export const accountAddress = z.object({
    email: email(FIELD_MAX.accountEmail),
    country: optionalText(FIELD_MAX.country),
    city: optionalText(FIELD_MAX.city),
    zip: optionalText(FIELD_MAX.zip),
    state: optionalText(FIELD_MAX.state),
    street_address: optionalText(FIELD_MAX.streetAddress),
    phone_number: optionalText(FIELD_MAX.phone),
});

/** Body of POST /accounts and PUT /accounts/{id} (SPEC 3 Account, SPEC 5 limits). */
export const accountInput = z.object({
    name: requiredText(FIELD_MAX.accountName, MESSAGES.nameRequired),
    ref_number: requiredText(FIELD_MAX.refNumber),
    address: accountAddress,
    options: checkedOptions.optional(),
    /** where a new account goes in the tree; defaults to the scoped account */
    parent_id: z.number().int().positive().optional(),
});
export type AccountInput = z.infer<typeof accountInput>;

export const account = z.object({
    id: z.number().int(),
    name: z.string(),
    ref_number: z.string().nullable(),
    type: z.enum(ACCOUNT_TYPES),
    parent_id: z.number().int().nullable(),
    main: z.boolean(),
    address: z.object({
        email: z.string(),
        country: z.string().nullable(),
        city: z.string().nullable(),
        zip: z.string().nullable(),
        state: z.string().nullable(),
        street_address: z.string().nullable(),
        phone_number: z.string().nullable(),
    }),
    options: z.array(accountOption),
    active_devices_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type Account = z.infer<typeof account>;

export const accountOptionsInput = z.object({
    options: checkedOptions,
});
