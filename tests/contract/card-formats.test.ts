import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
    customCardFormat,
    decodeCard,
    encodeCard,
    validateCustomFormat,
    WIEGAND_FORMATS,
    type PredefinedCardFormatKey,
    type WiegandFormat,
} from '../../contract/card-formats';

const z = (n: number) => '0'.repeat(n);

/**
 * Worked vectors, parity counted by hand from HID's published layouts:
 * H10301 FC 1 CN 1: bits 2-13 hold one 1 (even parity -> 1), bits 14-25 one 1 (odd parity -> 0).
 * H10301 FC 255 CN 65535: 12 ones in 2-13 (-> 0), 12 ones in 14-25 (-> 1).
 * H10306 FC 1 CN 1: one 1 in 2-17 (-> 1), one in 18-33 (-> 0).
 * H10302 CN 1: no 1 in 2-19 (-> 0), one in 19-36 (-> 0).
 * H10304 FC 1 CN 1: one 1 in 2-19 (-> 1), one in 19-36 (-> 0).
 * Corporate 1000 CID 1 CN 1: P2 covers bit 34 (one 1 -> 1); P35 covers bits 2 and 14 (two -> 1);
 * P1 covers 2-35: bits 2, 14, 34, 35 (four -> 1).
 */
const VECTORS: [PredefinedCardFormatKey, number, number, string][] = [
    ['h10301', 1, 1, `1${z(7)}1${z(15)}10`],
    ['h10301', 255, 65535, `0${'1'.repeat(24)}1`],
    ['h10306', 1, 1, `1${z(15)}1${z(15)}10`],
    ['h10302', 0, 1, `0${z(34)}10`],
    ['h10304', 1, 1, `1${z(15)}1${z(18)}10`],
    ['c1000-35', 1, 1, `11${z(11)}1${z(19)}11`],
];

describe('predefined card formats', () => {
    it.each(VECTORS)('%s FC %i CN %i', (format, facilityCode, cardNumber, bits) => {
        expect(encodeCard(format, { facilityCode, cardNumber })).toBe(bits);
        expect(decodeCard(format, bits)).toEqual({ ok: true, facilityCode, cardNumber });
    });

    it('FASC-N: 40 characters of 4 data bits and odd parity, sentinels, separators and LRC', () => {
        const bits = encodeCard('fascn-200', { facilityCode: 32_0001, cardNumber: 92446 });
        expect(bits).toHaveLength(200);
        const chars = bits.match(/.{5}/g)!;
        expect(chars[0]).toBe('11010'); // start sentinel
        expect(chars.slice(1, 5)).toEqual(['00001', '00001', '11001', '01000']); // agency 0032
        expect(chars[5]).toBe('10110'); // field separator
        expect(chars.slice(11, 17)).toEqual(['00001', '10011', '01000', '00100', '00100', '01101']); // credential 092446
        expect(chars[38]).toBe('11111'); // end sentinel
        for (const c of chars) expect([...c].filter(b => b === '1').length % 2).toBe(1);
        expect(decodeCard('fascn-200', bits)).toEqual({ ok: true, facilityCode: 320001, cardNumber: 92446 });
    });

    const keys = [...(Object.keys(WIEGAND_FORMATS) as PredefinedCardFormatKey[]), 'fascn-200' as const];
    const limits = (key: PredefinedCardFormatKey) =>
        key === 'fascn-200'
            ? { fc: 99_999_999, cn: 999_999 }
            : {
                  fc: WIEGAND_FORMATS[key].facility ? 2 ** WIEGAND_FORMATS[key].facility.length - 1 : 0,
                  cn: 2 ** WIEGAND_FORMATS[key].card.length - 1,
              };

    it.each(keys)('%s: encode then decode gives the fields back', key => {
        const { fc: maxFc, cn: maxCn } = limits(key);
        fc.assert(
            fc.property(
                fc.integer({ min: 0, max: maxFc }),
                fc.integer({ min: 0, max: Math.min(maxCn, Number.MAX_SAFE_INTEGER) }),
                (facilityCode, cardNumber) => {
                    expect(decodeCard(key, encodeCard(key, { facilityCode, cardNumber }))).toEqual({ ok: true, facilityCode, cardNumber });
                },
            ),
            { numRuns: 200 },
        );
    });

    it.each(keys)('%s: every single-bit error is caught by the parity', key => {
        const { fc: maxFc, cn: maxCn } = limits(key);
        fc.assert(
            fc.property(
                fc.integer({ min: 0, max: maxFc }),
                fc.integer({ min: 0, max: Math.min(maxCn, Number.MAX_SAFE_INTEGER) }),
                (facilityCode, cardNumber) => {
                    const bits = encodeCard(key, { facilityCode, cardNumber });
                    for (let i = 0; i < bits.length; i++) {
                        const flipped = bits.slice(0, i) + (bits[i] === '1' ? '0' : '1') + bits.slice(i + 1);
                        expect(decodeCard(key, flipped)).toMatchObject({ ok: false, error: 'parity' });
                    }
                },
            ),
            { numRuns: 20 },
        );
    });

    it('refuses values that do not fit and strings of the wrong length', () => {
        expect(() => encodeCard('h10301', { facilityCode: 256, cardNumber: 1 })).toThrow(
            'Facility code must be a whole number from 0 to 255',
        );
        expect(() => encodeCard('h10301', { facilityCode: 1, cardNumber: 65536 })).toThrow(
            'Card number must be a whole number from 0 to 65535',
        );
        expect(() => encodeCard('h10301', { facilityCode: -1, cardNumber: 1 })).toThrow();
        expect(() => encodeCard('h10301', { facilityCode: 1.5, cardNumber: 1 })).toThrow();
        expect(() => encodeCard('h10302', { facilityCode: 7, cardNumber: 1 })).toThrow('carries no facility code');
        expect(decodeCard('h10301', '101')).toEqual({ ok: false, error: 'length' });
        expect(decodeCard('h10301', 'x'.repeat(26))).toEqual({ ok: false, error: 'characters' });
        expect(decodeCard('fascn-200', '1'.repeat(199))).toEqual({ ok: false, error: 'length' });
    });
});

const custom = (over: Partial<WiegandFormat> = {}): WiegandFormat => ({
    name: 'Site 40-bit',
    type: 'custom',
    bits: 40,
    facility: { start: 2, length: 12 },
    card: { start: 14, length: 26 },
    parity: [
        { position: 1, kind: 'even', covers: Array.from({ length: 19 }, (_, i) => i + 2) },
        { position: 40, kind: 'odd', covers: Array.from({ length: 19 }, (_, i) => i + 21) },
    ],
    ...over,
});

describe('custom card formats', () => {
    it('round-trip through generated valid layouts', () => {
        const layout = fc
            .record({
                fcLen: fc.integer({ min: 0, max: 20 }),
                cnLen: fc.integer({ min: 1, max: 40 }),
                lead: fc.integer({ min: 0, max: 3 }),
            })
            .map(({ fcLen, cnLen, lead }) => {
                const dataStart = 2 + lead;
                const bits = dataStart + fcLen + cnLen;
                const data = Array.from({ length: fcLen + cnLen + lead }, (_, i) => i + 2);
                return custom({
                    bits,
                    facility: fcLen ? { start: dataStart, length: fcLen } : null,
                    card: { start: dataStart + fcLen, length: cnLen },
                    parity: [{ position: 1, kind: 'odd', covers: data }],
                });
            });
        fc.assert(
            fc.property(layout, fc.nat(), fc.nat(), (format, a, b) => {
                expect(validateCustomFormat(format)).toEqual([]);
                const facilityCode = format.facility ? a % 2 ** format.facility.length : 0;
                const cardNumber = b % 2 ** format.card.length;
                const bits = encodeCard(format, { facilityCode, cardNumber });
                expect(bits).toHaveLength(format.bits);
                expect(decodeCard(format, bits)).toEqual({ ok: true, facilityCode, cardNumber });
            }),
            { numRuns: 200 },
        );
    });

    it('finds what is wrong with a layout', () => {
        expect(validateCustomFormat(custom())).toEqual([]);
        expect(validateCustomFormat(custom({ bits: 0 }))).toEqual(['Bit length must be a positive integer, at most 256']);
        expect(validateCustomFormat(custom({ bits: 257 }))).toEqual(['Bit length must be a positive integer, at most 256']);
        expect(validateCustomFormat(custom({ card: { start: 14, length: 30 } }))).toContain('card number must lie within the 40 bits');
        // Found by tests/server/fuzz.test.ts: listing 2^53 positions ran the server out of memory.
        expect(validateCustomFormat(custom({ card: { start: 1, length: 2 ** 53 - 1 } }))).toContain(
            'card number must lie within the 40 bits',
        );
        expect(validateCustomFormat(custom({ facility: { start: 2, length: 14 } }))).toContain(
            'card number overlaps the facility code at bit 14',
        );
        expect(validateCustomFormat(custom({ parity: [{ position: 5, kind: 'even', covers: [2] }] }))).toContain(
            'parity bit 1 overlaps the facility code at bit 5',
        );
        expect(validateCustomFormat(custom({ parity: [{ position: 1, kind: 'even', covers: [1, 2] }] }))).toContain(
            'Parity bit 1 cannot cover itself',
        );
        expect(validateCustomFormat(custom({ parity: [{ position: 1, kind: 'even', covers: [] }] }))).toContain(
            'Parity bit 1 must cover at least one bit',
        );
        expect(validateCustomFormat(custom({ parity: [{ position: 1, kind: 'even', covers: [41] }] }))).toContain(
            'Parity bit 1 covers bits outside the 40 bits',
        );
    });

    it('the schema gives the SPEC 5 message for a bad bit length', () => {
        const result = customCardFormat.safeParse({ ...custom(), bits: 300 });
        expect(result.success).toBe(false);
        expect(result.error!.issues.map(i => i.message)).toContain('Must be a positive integer, at most 256');
        expect(customCardFormat.safeParse(custom()).success).toBe(true);
    });
});
