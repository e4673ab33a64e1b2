import { describe, expect, it } from 'vitest';
import { DEFAULT_CHUID } from '../../../contract/acsIntegration';
import { badgeFromFascN, parseFascN } from '../../../server/resources/acs-integration/chuid';

/** The FASC-N of NIST's PIV test cards (agency 9999, system 9999, credential 999999). */
const NIST_TEST_CARD = 'D4E739DA739CED39CE739D836858210842108421C84210C3EB';

/**
 * Builds a FASC-N as a card issuer writes one (5-bit characters, odd parity,
 * LRC), checked against NIST's card above so the fixtures are real ones.
 */
const fascN = (digits: {
    agency: string;
    system: string;
    credential: string;
    series: string;
    ici: string;
    pi: string;
    oc: string;
    oi: string;
    poa: string;
}) => {
    const chars = [
        0xb,
        ...digits.agency,
        0xd,
        ...digits.system,
        0xd,
        ...digits.credential,
        0xd,
        ...digits.series,
        0xd,
        ...digits.ici,
        0xd,
        ...digits.pi,
        ...digits.oc,
        ...digits.oi,
        ...digits.poa,
        0xf,
    ].map(c => (typeof c === 'string' ? Number(c) : c));
    chars.push(chars.reduce((a, b) => a ^ b, 0));
    const bits = chars.flatMap(v => {
        const data = [0, 1, 2, 3].map(i => (v >> i) & 1);
        return [...data, data.reduce((a, b) => a + b, 0) % 2 === 0 ? 1 : 0];
    });
    const bytes = [];
    for (let i = 0; i < 200; i += 8) bytes.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
    return Buffer.from(bytes).toString('hex').toUpperCase();
};

const CARD = {
    agency: '0032',
    system: '0001',
    credential: '092446',
    series: '3',
    ici: '1',
    pi: '1112223333',
    oc: '1',
    oi: '1223',
    poa: '2',
};

describe('the FASC-N of a PIV CHUID', () => {
    it("decodes NIST's PIV test card", () => {
        expect(parseFascN(NIST_TEST_CARD)).toEqual({
            agency_code: '9999',
            system_code: '9999',
            credential_number: '999999',
            credential_series: '0',
            individual_credential_issue: '1',
            person_identifier: '0000000000',
            organizational_category: '3',
            organizational_identifier: '0000',
            person_organization_association: '1',
        });
        // The fixture builder writes that same card byte for byte.
        expect(
            fascN({
                agency: '9999',
                system: '9999',
                credential: '999999',
                series: '0',
                ici: '1',
                pi: '0000000000',
                oc: '3',
                oi: '0000',
                poa: '1',
            }),
        ).toBe(NIST_TEST_CARD);
    });

    it('refuses a wrong length, a parity error and a wrong check character', () => {
        expect(() => parseFascN('D4E739')).toThrow('Not a FASC-N: expected 25 bytes in hexadecimal');
        const flipped = `C${NIST_TEST_CARD.slice(1)}`;
        expect(() => parseFascN(flipped)).toThrow('parity error in character 1');
        const card = parseFascN(fascN(CARD));
        expect(card.credential_number).toBe('092446');
        const bytes = Buffer.from(fascN(CARD), 'hex');
        // The last 5 bits are the LRC character: flipping its 4 data bits keeps the parity odd.
        bytes[24] = bytes[24]! ^ 0b00011110;
        expect(() => parseFascN(bytes.toString('hex'))).toThrow('the check character (LRC) does not match');
    });

    it('makes the badge the settings say: system code and credential number, or the 14 digits', () => {
        const card = parseFascN(fascN(CARD));
        expect(badgeFromFascN(card, DEFAULT_CHUID)).toEqual({ facility_code: 1, badge_number: 92446 });
        expect(badgeFromFascN(card, { ...DEFAULT_CHUID, include_credential_series: true })).toEqual({
            facility_code: 1,
            badge_number: 924463,
        });
        expect(badgeFromFascN(card, { ...DEFAULT_CHUID, mode: 'fasc_n_full' })).toEqual({
            facility_code: null,
            badge_number: 320001092446,
        });
    });

    it('is no badge of the account when its agency or system is not the one set', () => {
        const card = parseFascN(fascN(CARD));
        expect(badgeFromFascN(card, { ...DEFAULT_CHUID, agency_code: '0032', system_code: '0001' })).not.toBeNull();
        expect(badgeFromFascN(card, { ...DEFAULT_CHUID, agency_code: '0033' })).toBeNull();
        expect(badgeFromFascN(card, { ...DEFAULT_CHUID, system_code: '0002' })).toBeNull();
    });
});
