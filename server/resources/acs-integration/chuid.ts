import type { ChuidSettings } from '../../../contract/acsIntegration';

/**
 * The FASC-N of a PIV card's CHUID (TIG SCEPACS v2.3, NIST SP 800-73):
 * 25 bytes holding 40 characters of 5 bits (4 data bits, least significant
 * first, then an odd parity bit): SS, agency code (4 digits), FS, system code
 * (4), FS, credential number (6), FS, credential series (1), FS, individual
 * credential issue (1), FS, person identifier (10), organizational category
 * (1), organizational identifier (4), person/organization association (1),
 * ES, LRC (the exclusive or of every character before it).
 */
export interface FascN {
    agency_code: string;
    system_code: string;
    credential_number: string;
    credential_series: string;
    individual_credential_issue: string;
    person_identifier: string;
    organizational_category: string;
    organizational_identifier: string;
    person_organization_association: string;
}

const SS = 0xb;
const FS = 0xd;
const ES = 0xf;

export class ChuidError extends Error {
    constructor(message: string) {
        super(`Not a FASC-N: ${message}`);
        this.name = 'ChuidError';
    }
}

/** Decodes a FASC-N given as 50 hexadecimal digits (spaces and colons allowed). */
export const parseFascN = (hex: string): FascN => {
    const clean = hex.replace(/[\s:]/g, '');
    if (!/^[0-9a-fA-F]{50}$/.test(clean)) throw new ChuidError('expected 25 bytes in hexadecimal');
    const bits = [...Buffer.from(clean, 'hex')].flatMap(byte => [7, 6, 5, 4, 3, 2, 1, 0].map(i => (byte >> i) & 1));
    const chars: number[] = [];
    for (let i = 0; i < 200; i += 5) {
        const c = bits.slice(i, i + 5);
        if (c.reduce((a, b) => a + b, 0) % 2 !== 1) throw new ChuidError(`parity error in character ${i / 5 + 1}`);
        chars.push(c[0]! | (c[1]! << 1) | (c[2]! << 2) | (c[3]! << 3));
    }
    const lrc = chars.slice(0, 39).reduce((a, b) => a ^ b, 0);
    if (lrc !== chars[39]) throw new ChuidError('the check character (LRC) does not match');
    // Where the separators must be, and how many digits between them.
    const layout: ('S' | 'F' | 'E' | number)[] = ['S', 4, 'F', 4, 'F', 6, 'F', 1, 'F', 1, 'F', 10, 1, 4, 1, 'E'];
    const fields: string[] = [];
    let at = 0;
    for (const token of layout) {
        if (typeof token === 'string') {
            const want = token === 'S' ? SS : token === 'F' ? FS : ES;
            if (chars[at] !== want) throw new ChuidError(`character ${at + 1} should be a separator`);
            at += 1;
            continue;
        }
        const digits = chars.slice(at, at + token);
        if (digits.some(d => d > 9)) throw new ChuidError(`a separator where digits should be, near character ${at + 1}`);
        fields.push(digits.join(''));
        at += token;
    }
    const [agency, system, credential, series, ici, pi, oc, oi, poa] = fields as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
    ];
    return {
        agency_code: agency,
        system_code: system,
        credential_number: credential,
        credential_series: series,
        individual_credential_issue: ici,
        person_identifier: pi,
        organizational_category: oc,
        organizational_identifier: oi,
        person_organization_association: poa,
    };
};

/**
 * The badge a card's FASC-N stands for under the account's CHUID settings
 * (docs/decisions.md), or null when the card belongs to another agency or
 * system than the settings name.
 */
export const badgeFromFascN = (fascN: FascN, settings: ChuidSettings): { facility_code: number | null; badge_number: number } | null => {
    if (settings.agency_code && fascN.agency_code !== settings.agency_code) return null;
    if (settings.system_code && fascN.system_code !== settings.system_code) return null;
    const series = settings.include_credential_series ? fascN.credential_series : '';
    return settings.mode === 'fasc_n'
        ? { facility_code: Number(fascN.system_code), badge_number: Number(`${fascN.credential_number}${series}`) }
        : { facility_code: null, badge_number: Number(`${fascN.agency_code}${fascN.system_code}${fascN.credential_number}${series}`) };
};
