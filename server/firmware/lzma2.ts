import { ArtifactError } from './errors';

/**
 * An LZMA2 decoder (the filter inside .xz files that `mender-artifact
 * --compression lzma` writes). LZMA2 cuts its data into chunks of at most
 * 64 KiB compressed and 2 MiB uncompressed, each with its own range coder, so
 * a chunk is decoded whole and synchronously while the stream around it is
 * read as it comes. The dictionary grows with the data up to its declared
 * size, which is capped so a small file cannot claim much memory.
 */

export const MAX_DICTIONARY = 64 * 1024 * 1024;

const damaged = (what: string) => new ArtifactError(`The file is not a valid Mender artifact: its xz data is damaged (${what}).`);

const STATES = 12;
const POS_STATES_MAX = 16;
const MATCH_LEN_MIN = 2;
const END_POS_MODEL_INDEX = 14;
const FULL_DISTANCES = 128;
const ALIGN_BITS = 4;

// Offsets of each probability group in one Uint16Array.
const IS_MATCH = 0;
const IS_REP = IS_MATCH + STATES * POS_STATES_MAX;
const IS_REP_G0 = IS_REP + STATES;
const IS_REP_G1 = IS_REP_G0 + STATES;
const IS_REP_G2 = IS_REP_G1 + STATES;
const IS_REP0_LONG = IS_REP_G2 + STATES;
const POS_SLOT = IS_REP0_LONG + STATES * POS_STATES_MAX;
const SPEC_POS = POS_SLOT + 4 * 64;
const ALIGN = SPEC_POS + FULL_DISTANCES - END_POS_MODEL_INDEX;
// A length coder: choice, choice2, low[16][8], mid[16][8], high[256].
const LEN_SIZE = 2 + POS_STATES_MAX * 8 * 2 + 256;
const LEN_CODER = ALIGN + (1 << ALIGN_BITS);
const REP_LEN_CODER = LEN_CODER + LEN_SIZE;
const LITERAL = REP_LEN_CODER + LEN_SIZE;

/** The LZMA2 dictionary size a property byte declares. */
export const dictionarySize = (prop: number): number => {
    if (prop > 40) throw damaged('bad dictionary size');
    if (prop === 40) return 0xffffffff;
    return (2 | (prop & 1)) * 2 ** (Math.floor(prop / 2) + 11);
};

export class Lzma2Decoder {
    private readonly dictSize: number;
    private dict: Uint8Array;
    /** write position in dict; dict wraps only once it has reached dictSize */
    private pos = 0;
    /** bytes decoded since the last dictionary reset (capped at dictSize) */
    private full = 0;
    /** uncompressed position since the last dictionary reset, for the position states */
    private total = 0;
    private needDictReset = true;
    private needProps = true;

    private lc = 0;
    private lp = 0;
    private pb = 0;
    private probs = new Uint16Array(0);
    private state = 0;
    private rep0 = 0;
    private rep1 = 0;
    private rep2 = 0;
    private rep3 = 0;

    // range coder over the current chunk
    private input: Uint8Array = new Uint8Array(0);
    private inPos = 0;
    private range = 0;
    private code = 0;

    constructor(dictSize: number) {
        if (dictSize > MAX_DICTIONARY) throw new ArtifactError(`The file is not a valid Mender artifact: its xz dictionary (${dictSize} bytes) is larger than the ${MAX_DICTIONARY} bytes the platform allows.`);
        this.dictSize = Math.max(4096, dictSize);
        this.dict = new Uint8Array(Math.min(this.dictSize, 1 << 20));
    }

    /** Size of the chunk header that starts with this control byte (the control byte included), or 1 for the end marker. */
    static headerSize(control: number): number {
        if (control === 0) return 1;
        if (control === 1 || control === 2) return 3;
        if (control >= 0x80) return control >= 0xc0 ? 6 : 5;
        throw damaged('bad LZMA2 control byte');
    }

    /** Bytes of data that follow a chunk header. */
    static dataSize(header: Uint8Array): number {
        const control = header[0]!;
        if (control === 1 || control === 2) return ((header[1]! << 8) | header[2]!) + 1;
        return ((header[3]! << 8) | header[4]!) + 1;
    }

    /** Decodes one chunk (its header and its data); returns what it unpacks to. */
    chunk(header: Uint8Array, data: Uint8Array): Uint8Array {
        const control = header[0]!;
        if (control === 1 || control === 2) {
            if (control === 1) this.resetDictionary();
            else if (this.needDictReset) throw damaged('missing dictionary reset');
            const out = data.slice();
            for (let i = 0; i < out.length; i++) this.put(out[i]!);
            return out;
        }
        const unpacked = ((control & 0x1f) << 16) + ((header[1]! << 8) | header[2]!) + 1;
        const reset = (control >> 5) & 3;
        if (reset === 3) this.resetDictionary();
        else if (this.needDictReset) throw damaged('missing dictionary reset');
        if (reset >= 2) this.setProperties(header[5]!);
        else if (this.needProps) throw damaged('missing LZMA properties');
        if (reset >= 1) this.resetState();
        return this.decodeLzma(data, unpacked);
    }

    private resetDictionary() {
        this.pos = 0;
        this.full = 0;
        this.total = 0;
        this.needDictReset = false;
    }

    private setProperties(props: number) {
        if (props >= 9 * 5 * 5) throw damaged('bad LZMA properties');
        this.lc = props % 9;
        const rest = Math.floor(props / 9);
        this.lp = rest % 5;
        this.pb = Math.floor(rest / 5);
        if (this.lc + this.lp > 4) throw damaged('bad LZMA properties');
        this.needProps = false;
        this.probs = new Uint16Array(LITERAL + 0x300 * (1 << (this.lc + this.lp)));
    }

    private resetState() {
        this.probs.fill(1024);
        this.state = 0;
        this.rep0 = this.rep1 = this.rep2 = this.rep3 = 0;
    }

    // ---- dictionary ----

    private put(byte: number) {
        if (this.pos === this.dict.length) {
            if (this.dict.length < this.dictSize) {
                const grown = new Uint8Array(Math.min(this.dictSize, this.dict.length * 2));
                grown.set(this.dict);
                this.dict = grown;
            } else {
                this.pos = 0;
            }
        }
        this.dict[this.pos++] = byte;
        if (this.full < this.dictSize) this.full++;
        this.total++;
    }

    /** The byte `distance` + 1 back. */
    private back(distance: number): number {
        let i = this.pos - distance - 1;
        if (i < 0) i += this.dict.length;
        return this.dict[i]!;
    }

    // ---- range coder ----

    private nextByte(): number {
        if (this.inPos >= this.input.length) throw damaged('chunk shorter than its range coder needs');
        return this.input[this.inPos++]!;
    }

    private bit(index: number): number {
        const p = this.probs[index]!;
        const bound = (this.range >>> 11) * p;
        let bit: number;
        if (this.code < bound) {
            this.range = bound;
            this.probs[index] = p + ((2048 - p) >>> 5);
            bit = 0;
        } else {
            this.range = (this.range - bound) >>> 0;
            this.code = (this.code - bound) >>> 0;
            this.probs[index] = p - (p >>> 5);
            bit = 1;
        }
        if (this.range < 0x1000000) {
            this.range = (this.range * 256) >>> 0;
            this.code = ((this.code * 256) + this.nextByte()) >>> 0;
        }
        return bit;
    }

    private directBits(count: number): number {
        let result = 0;
        for (let i = 0; i < count; i++) {
            this.range >>>= 1;
            let bit = 0;
            if (this.code >= this.range) {
                this.code = (this.code - this.range) >>> 0;
                bit = 1;
            }
            result = ((result * 2) + bit) >>> 0;
            if (this.range < 0x1000000) {
                this.range = (this.range * 256) >>> 0;
                this.code = ((this.code * 256) + this.nextByte()) >>> 0;
            }
        }
        return result;
    }

    private bitTree(base: number, bits: number): number {
        let m = 1;
        for (let i = 0; i < bits; i++) m = (m << 1) | this.bit(base + m);
        return m - (1 << bits);
    }

    private reverseBitTree(base: number, bits: number): number {
        let m = 1;
        let symbol = 0;
        for (let i = 0; i < bits; i++) {
            const bit = this.bit(base + m);
            m = (m << 1) | bit;
            symbol |= bit << i;
        }
        return symbol;
    }

    private length(coder: number, posState: number): number {
        if (this.bit(coder) === 0) return this.bitTree(coder + 2 + posState * 8, 3);
        if (this.bit(coder + 1) === 0) return 8 + this.bitTree(coder + 2 + POS_STATES_MAX * 8 + posState * 8, 3);
        return 16 + this.bitTree(coder + 2 + POS_STATES_MAX * 16, 8);
    }

    private distance(len: number): number {
        const slot = this.bitTree(POS_SLOT + Math.min(len, 3) * 64, 6);
        if (slot < 4) return slot;
        const direct = (slot >> 1) - 1;
        const base = (2 | (slot & 1)) * 2 ** direct;
        if (slot < END_POS_MODEL_INDEX) return base + this.reverseBitTree(SPEC_POS + base - slot - 1, direct);
        return (base + this.directBits(direct - ALIGN_BITS) * 16 + this.reverseBitTree(ALIGN, ALIGN_BITS)) >>> 0;
    }

    // ---- LZMA ----

    private literal(): number {
        const prev = this.full > 0 ? this.back(0) : 0;
        const litState = ((this.total & ((1 << this.lp) - 1)) << this.lc) + (prev >> (8 - this.lc));
        const base = LITERAL + 0x300 * litState;
        let symbol = 1;
        if (this.state >= 7) {
            let match = this.back(this.rep0);
            do {
                const matchBit = (match >> 7) & 1;
                match <<= 1;
                const bit = this.bit(base + ((1 + matchBit) << 8) + symbol);
                symbol = (symbol << 1) | bit;
                if (matchBit !== bit) break;
            } while (symbol < 0x100);
        }
        while (symbol < 0x100) symbol = (symbol << 1) | this.bit(base + symbol);
        return symbol & 0xff;
    }

    private decodeLzma(data: Uint8Array, unpacked: number): Uint8Array {
        this.input = data;
        this.inPos = 0;
        if (data.length < 5 || data[0] !== 0) throw damaged('bad range coder start');
        this.range = 0xffffffff;
        this.code = ((data[1]! << 24) | (data[2]! << 16) | (data[3]! << 8) | data[4]!) >>> 0;
        this.inPos = 5;
        const out = new Uint8Array(unpacked);
        let written = 0;
        const pbMask = (1 << this.pb) - 1;
        const emit = (byte: number) => {
            this.put(byte);
            out[written++] = byte;
        };
        while (written < unpacked) {
            const posState = this.total & pbMask;
            const state = this.state;
            if (this.bit(IS_MATCH + state * POS_STATES_MAX + posState) === 0) {
                emit(this.literal());
                this.state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
                continue;
            }
            let len: number;
            if (this.bit(IS_REP + state) === 1) {
                if (this.full === 0) throw damaged('repeated match before any data');
                if (this.bit(IS_REP_G0 + state) === 0) {
                    if (this.bit(IS_REP0_LONG + state * POS_STATES_MAX + posState) === 0) {
                        this.state = state < 7 ? 9 : 11;
                        emit(this.back(this.rep0));
                        continue;
                    }
                } else {
                    let distance: number;
                    if (this.bit(IS_REP_G1 + state) === 0) {
                        distance = this.rep1;
                    } else {
                        if (this.bit(IS_REP_G2 + state) === 0) {
                            distance = this.rep2;
                        } else {
                            distance = this.rep3;
                            this.rep3 = this.rep2;
                        }
                        this.rep2 = this.rep1;
                    }
                    this.rep1 = this.rep0;
                    this.rep0 = distance;
                }
                len = this.length(REP_LEN_CODER, posState);
                this.state = state < 7 ? 8 : 11;
            } else {
                this.rep3 = this.rep2;
                this.rep2 = this.rep1;
                this.rep1 = this.rep0;
                len = this.length(LEN_CODER, posState);
                this.state = state < 7 ? 7 : 10;
                this.rep0 = this.distance(len);
                if (this.rep0 === 0xffffffff) throw damaged('end marker inside LZMA2');
            }
            if (this.rep0 >= this.full) throw damaged('match distance beyond the data');
            len += MATCH_LEN_MIN;
            if (len > unpacked - written) throw damaged('match crosses the chunk end');
            for (let i = 0; i < len; i++) emit(this.back(this.rep0));
        }
        if (this.inPos !== data.length) throw damaged('chunk longer than its data');
        return out;
    }
}
