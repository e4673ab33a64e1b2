import { z } from 'zod';
import { CARD_BIT_LENGTH_MAX } from './constants';

/**
 * Card formats (SPEC 3 Card format, 4.8, 5): how a badge's facility code and
 * card number become the bits a reader sends, first bit first. Used by the
 * server (access lists, events) and the console (custom format editor).
 * Positions are 1-based, as card format documents count them.
 */
export interface BitField {
    /** first bit, 1-based */
    start: number;
    length: number;
}

export interface ParityBit {
    /** where the parity bit sits, 1-based */
    position: number;
    kind: 'even' | 'odd';
    /** the bits it covers (1-based); it may cover parity bits placed before it in this list */
    covers: number[];
}

export interface WiegandFormat {
    name: string;
    type: 'predefined' | 'custom';
    bits: number;
    /** null when the format carries no facility code (H10302) */
    facility: BitField | null;
    card: BitField;
    /** computed in this order */
    parity: ParityBit[];
    /** the facility code cards of this format use, when fixed by the site */
    facilityCode?: number;
}

export type PredefinedCardFormatKey = 'h10301' | 'h10306' | 'c1000-35' | 'h10302' | 'h10304' | 'fascn-200';

/** Bits start..end inclusive. */
const range = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, i) => start + i);
/** Bits of `from..to` at the given offsets within each group of three: C1000's interleaved parity sets. */
const pairs = (first: number, last: number) => range(first, last).filter(b => (b - first) % 3 !== 2);

const wiegand = (name: string, bits: number, facility: BitField | null, card: BitField, parity: ParityBit[]): WiegandFormat => ({
    name,
    type: 'predefined',
    bits,
    facility,
    card,
    parity,
});

/** The predefined Wiegand layouts (HID's published formats); FASC-N has its own codec below. */
export const WIEGAND_FORMATS: Record<Exclude<PredefinedCardFormatKey, 'fascn-200'>, WiegandFormat> = {
    // 26-bit H10301: P(even, 2-13) FC(8) CN(16) P(odd, 14-25)
    h10301: wiegand('26-bit H10301', 26, { start: 2, length: 8 }, { start: 10, length: 16 }, [
        { position: 1, kind: 'even', covers: range(2, 13) },
        { position: 26, kind: 'odd', covers: range(14, 25) },
    ]),
    // 34-bit H10306: P(even, 2-17) FC(16) CN(16) P(odd, 18-33)
    h10306: wiegand('34-bit H10306', 34, { start: 2, length: 16 }, { start: 18, length: 16 }, [
        { position: 1, kind: 'even', covers: range(2, 17) },
        { position: 34, kind: 'odd', covers: range(18, 33) },
    ]),
    // 35-bit HID Corporate 1000: P1 P2 CID(12) CN(20) P35.
    // P2 even over 3-4, 6-7 … 33-34; P35 odd over 2-3, 5-6 … 32-33; P1 odd over 2-35.
    'c1000-35': wiegand('35-bit Corporate 1000', 35, { start: 3, length: 12 }, { start: 15, length: 20 }, [
        { position: 2, kind: 'even', covers: pairs(3, 34) },
        { position: 35, kind: 'odd', covers: pairs(2, 33) },
        { position: 1, kind: 'odd', covers: range(2, 35) },
    ]),
    // 37-bit H10302: P(even, 2-19) CN(35) P(odd, 19-36)
    h10302: wiegand('37-bit H10302', 37, null, { start: 2, length: 35 }, [
        { position: 1, kind: 'even', covers: range(2, 19) },
        { position: 37, kind: 'odd', covers: range(19, 36) },
    ]),
    // 37-bit H10304: P(even, 2-19) FC(16) CN(19) P(odd, 19-36)
    h10304: wiegand('37-bit H10304', 37, { start: 2, length: 16 }, { start: 18, length: 19 }, [
        { position: 1, kind: 'even', covers: range(2, 19) },
        { position: 37, kind: 'odd', covers: range(19, 36) },
    ]),
};

export const PREDEFINED_CARD_FORMATS: Record<PredefinedCardFormatKey, string> = {
    h10301: WIEGAND_FORMATS.h10301.name,
    h10306: WIEGAND_FORMATS.h10306.name,
    'c1000-35': WIEGAND_FORMATS['c1000-35'].name,
    h10302: WIEGAND_FORMATS.h10302.name,
    h10304: WIEGAND_FORMATS.h10304.name,
    'fascn-200': '200-bit FASC-N (PIV)',
};

export interface CardFields {
    /** absent or 0 for formats without a facility code */
    facilityCode?: number;
    cardNumber: number;
}
export type DecodeResult =
    | ({ ok: true } & Required<CardFields>)
    | { ok: false; error: 'length' | 'characters' }
    | { ok: false; error: 'parity'; position: number };

const ones = (bits: readonly string[], positions: readonly number[]) => positions.reduce((n, p) => n + (bits[p - 1] === '1' ? 1 : 0), 0);

const fits = (value: number, length: number) => Number.isSafeInteger(value) && value >= 0 && value < 2 ** length;

const writeField = (bits: string[], field: BitField, value: number) => {
    const text = value.toString(2).padStart(field.length, '0');
    for (let i = 0; i < field.length; i++) bits[field.start - 1 + i] = text[i]!;
};
const readField = (bits: string, field: BitField) => parseInt(bits.slice(field.start - 1, field.start - 1 + field.length), 2);

const encodeWiegand = (format: WiegandFormat, { facilityCode = 0, cardNumber }: CardFields): string => {
    if (!format.facility && facilityCode) throw new Error(`${format.name} carries no facility code`);
    if (format.facility && !fits(facilityCode, format.facility.length)) {
        throw new Error(`Facility code must be a whole number from 0 to ${2 ** format.facility.length - 1}`);
    }
    if (!fits(cardNumber, format.card.length))
        throw new Error(`Card number must be a whole number from 0 to ${2 ** format.card.length - 1}`);
    const bits = Array<string>(format.bits).fill('0');
    if (format.facility) writeField(bits, format.facility, facilityCode);
    writeField(bits, format.card, cardNumber);
    for (const p of format.parity) {
        const count = ones(bits, p.covers);
        bits[p.position - 1] = (p.kind === 'even' ? count % 2 === 1 : count % 2 === 0) ? '1' : '0';
    }
    return bits.join('');
};

const decodeWiegand = (format: WiegandFormat, bits: string): DecodeResult => {
    if (bits.length !== format.bits) return { ok: false, error: 'length' };
    if (!/^[01]*$/.test(bits)) return { ok: false, error: 'characters' };
    const list = [...bits];
    for (const p of format.parity) {
        const count = ones(list, [...p.covers, p.position]);
        if ((p.kind === 'even') !== (count % 2 === 0)) return { ok: false, error: 'parity', position: p.position };
    }
    return { ok: true, facilityCode: format.facility ? readField(bits, format.facility) : 0, cardNumber: readField(bits, format.card) };
};

/*
 * 200-bit FASC-N (SP 800-73 / TIG SCEPACS): 40 characters of 5 bits, each
 * four data bits least significant first plus an odd parity bit:
 * SS AGENCY(4) FS SYSTEM(4) FS CREDENTIAL(6) FS CS(1) FS ICI(1) FS PI(10) OC(1) OI(4) POA(1) ES LRC.
 * The facility code is the agency and system codes (AAAASSSS, 8 digits), the
 * card number the credential number (6 digits). Encoding writes CS 0, ICI 1,
 * PI 0000000000, OC 1, OI 0000, POA 1. The LRC's data bits are the exclusive
 * or of the data bits of the 39 characters before it.
 */
const SS = 11;
const FS = 13;
const ES = 15;
const char = (value: number) => {
    const data = [0, 1, 2, 3].map(i => (value >> i) & 1);
    const parity = data.reduce((a, b) => a + b, 0) % 2 === 0 ? 1 : 0;
    return [...data, parity].join('');
};
const digits = (value: number, count: number) => value.toString().padStart(count, '0').split('').map(Number);

const encodeFascn = ({ facilityCode = 0, cardNumber }: CardFields): string => {
    if (!Number.isSafeInteger(facilityCode) || facilityCode < 0 || facilityCode > 99_999_999)
        throw new Error('Facility code must be the 8 digits of agency and system code');
    if (!Number.isSafeInteger(cardNumber) || cardNumber < 0 || cardNumber > 999_999)
        throw new Error('Card number must be a credential number of up to 6 digits');
    const fd = digits(facilityCode, 8);
    const values = [
        SS,
        ...fd.slice(0, 4),
        FS,
        ...fd.slice(4),
        FS,
        ...digits(cardNumber, 6),
        FS,
        0,
        FS,
        1,
        FS,
        ...digits(0, 10),
        1,
        ...digits(0, 4),
        1,
        ES,
    ];
    const lrc = values.reduce((a, b) => a ^ b, 0);
    return [...values, lrc].map(char).join('');
};

const decodeFascn = (bits: string): DecodeResult => {
    if (bits.length !== 200) return { ok: false, error: 'length' };
    if (!/^[01]*$/.test(bits)) return { ok: false, error: 'characters' };
    const values: number[] = [];
    for (let c = 0; c < 40; c++) {
        const chunk = bits.slice(c * 5, c * 5 + 5);
        if ([...chunk].filter(b => b === '1').length % 2 === 0) return { ok: false, error: 'parity', position: c * 5 + 5 };
        values.push([0, 1, 2, 3].reduce((v, i) => v | (Number(chunk[i]) << i), 0));
    }
    if (values.slice(0, 39).reduce((a, b) => a ^ b, 0) !== values[39]) return { ok: false, error: 'parity', position: 200 };
    const frame = [SS, -1, -1, -1, -1, FS, -1, -1, -1, -1, FS, -1, -1, -1, -1, -1, -1, FS, -1, FS, -1, FS];
    if (frame.some((v, i) => v >= 0 && values[i] !== v) || values[38] !== ES) return { ok: false, error: 'characters' };
    const number = (from: number, count: number) => Number(values.slice(from, from + count).join(''));
    if (values.slice(0, 38).some((v, i) => frame[i] === -1 && v > 9)) return { ok: false, error: 'characters' };
    return { ok: true, facilityCode: number(1, 4) * 10_000 + number(6, 4), cardNumber: number(11, 6) };
};

export type CardFormatRef = PredefinedCardFormatKey | WiegandFormat;

/** The bits of a card, first bit sent first, parity included. Throws when a value does not fit its field. */
export const encodeCard = (format: CardFormatRef, fields: CardFields): string =>
    format === 'fascn-200' ? encodeFascn(fields) : encodeWiegand(typeof format === 'string' ? WIEGAND_FORMATS[format] : format, fields);

/** The fields of a bit string, or why it is not a card of this format. */
export const decodeCard = (format: CardFormatRef, bits: string): DecodeResult =>
    format === 'fascn-200' ? decodeFascn(bits) : decodeWiegand(typeof format === 'string' ? WIEGAND_FORMATS[format] : format, bits);

/** What is wrong with a custom format (SPEC 5: bit length a positive integer, at most 256), or nothing. */
export const validateCustomFormat = (format: Pick<WiegandFormat, 'bits' | 'facility' | 'card' | 'parity'>): string[] => {
    const problems: string[] = [];
    const { bits } = format;
    if (!Number.isInteger(bits) || bits < 1 || bits > CARD_BIT_LENGTH_MAX)
        return [`Bit length must be a positive integer, at most ${CARD_BIT_LENGTH_MAX}`];
    const inside = (p: number) => Number.isInteger(p) && p >= 1 && p <= bits;
    const taken = new Map<number, string>();
    const claim = (positions: number[], what: string) => {
        for (const p of positions) {
            if (!inside(p)) {
                problems.push(`${what} must lie within the ${bits} bits`);
                return;
            }
            const other = taken.get(p);
            if (other) {
                problems.push(`${what} overlaps the ${other} at bit ${p}`);
                return;
            }
            taken.set(p, what);
        }
    };
    // A field longer than the format lies outside it: no list of its 2^53 positions is ever made.
    const fieldBits = (f: BitField) =>
        Number.isInteger(f.length) && f.length >= 1 && f.length <= bits ? range(f.start, f.start + f.length - 1) : [NaN];
    if (format.facility) claim(fieldBits(format.facility), 'facility code');
    claim(fieldBits(format.card), 'card number');
    if (format.card.length > 53 || (format.facility?.length ?? 0) > 53) problems.push('A field may hold at most 53 bits');
    format.parity.forEach((p, i) => {
        claim([p.position], `parity bit ${i + 1}`);
        if (!p.covers.length) problems.push(`Parity bit ${i + 1} must cover at least one bit`);
        if (p.covers.some(c => !inside(c))) problems.push(`Parity bit ${i + 1} covers bits outside the ${bits} bits`);
        if (p.covers.includes(p.position)) problems.push(`Parity bit ${i + 1} cannot cover itself`);
        const later = format.parity.slice(i + 1).map(q => q.position);
        if (p.covers.some(c => later.includes(c))) problems.push(`Parity bit ${i + 1} covers a parity bit computed after it`);
    });
    return problems;
};

const field = z.object({ start: z.number().int().min(1), length: z.number().int().min(1) });

/** A custom card format as the console edits it and the server stores it. */
export const customCardFormat = z
    .object({
        name: z.string().trim().min(1, { error: 'Name is required' }).max(100, { error: 'Maximum 100 characters' }),
        type: z.literal('custom'),
        bits: z
            .number({ error: 'Bit length is required' })
            .int({ error: 'Must be a positive integer, at most 256' })
            .min(1, { error: 'Must be a positive integer, at most 256' })
            .max(CARD_BIT_LENGTH_MAX, { error: 'Must be a positive integer, at most 256' }),
        facility: field.nullable(),
        card: field,
        parity: z
            .array(
                z.object({
                    position: z.number().int(),
                    kind: z.enum(['even', 'odd']),
                    covers: z.array(z.number().int()).max(CARD_BIT_LENGTH_MAX),
                }),
            )
            .max(8),
        facilityCode: z.number().int().min(0).optional(),
    })
    .superRefine((format, ctx) => {
        // A wrong bit length is already reported on its field.
        if (!Number.isInteger(format.bits) || format.bits < 1 || format.bits > CARD_BIT_LENGTH_MAX) return;
        for (const message of validateCustomFormat(format)) ctx.addIssue({ code: 'custom', message, path: ['parity'] });
    });

/** A card format as the API returns it. */
export const cardFormatRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int().nullable(),
    key: z.string().nullable(),
    name: z.string(),
    type: z.enum(['predefined', 'custom']),
    bits: z.number().int(),
    facility: field.nullable(),
    card: field.nullable(),
    parity: z.array(z.object({ position: z.number().int(), kind: z.enum(['even', 'odd']), covers: z.array(z.number().int()) })),
    facility_code: z.number().int().nullable(),
});
export type CardFormatRecord = z.infer<typeof cardFormatRecord>;

/** Body of POST /card_formats and PUT /card_formats/{id}. */
export const cardFormatInput = customCardFormat;
