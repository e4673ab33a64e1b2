import { createHash, type Hash } from 'node:crypto';
import zlib from 'node:zlib';
import { ArtifactError } from './errors';
import { dictionarySize, Lzma2Decoder } from './lzma2';

/**
 * The .xz container (xz file format 1.x) around LZMA2, read as a stream:
 * stream header, blocks, index, footer, optional padding and further
 * streams. Only the LZMA2 filter is supported, which is what mender-artifact
 * writes; every CRC of the container and each block's check are verified.
 */

const damaged = (what: string) => new ArtifactError(`The file is not a valid Mender artifact: its xz data is damaged (${what}).`);
const MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);
const ZEROS = Buffer.alloc(4);
const FOOTER_MAGIC = Buffer.from([0x59, 0x5a]);
const LZMA2_FILTER = 0x21;

/** Bytes pulled from an async source as the decoder needs them. */
class ByteReader {
    private buffer: Buffer = Buffer.alloc(0);
    private done = false;
    /** bytes taken so far */
    offset = 0;
    constructor(private readonly source: AsyncIterator<Buffer>) {}

    /** True when at least n bytes are there (reading more as needed). */
    async has(n: number): Promise<boolean> {
        while (this.buffer.length < n && !this.done) {
            const next = await this.source.next();
            if (next.done) this.done = true;
            else this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
        }
        return this.buffer.length >= n;
    }

    /** The next n bytes, left in place; has(n) must have said yes. */
    peek(n: number): Buffer {
        return this.buffer.subarray(0, n);
    }

    async take(n: number): Promise<Buffer> {
        if (!(await this.has(n))) throw new ArtifactError('The file is not a valid Mender artifact: the archive is truncated.');
        const out = this.buffer.subarray(0, n);
        this.buffer = this.buffer.subarray(n);
        this.offset += n;
        return out;
    }
}

const readVarint = (bytes: Buffer, at: { i: number }): number => {
    let value = 0;
    for (let shift = 0; shift < 63; shift += 7) {
        if (at.i >= bytes.length) throw damaged('truncated number');
        const b = bytes[at.i++]!;
        value += (b & 0x7f) * 2 ** shift;
        if (!(b & 0x80)) {
            if (b === 0 && shift > 0) throw damaged('bad number');
            return value;
        }
    }
    throw damaged('bad number');
};

/** CRC-64/XZ (ECMA-182, reflected), computed on two 32-bit halves. */
const CRC64_TABLE = (() => {
    const lo = new Uint32Array(256);
    const hi = new Uint32Array(256);
    const polyLo = 0xd7870f42;
    const polyHi = 0xc96c5795;
    for (let i = 0; i < 256; i++) {
        let l = i;
        let h = 0;
        for (let k = 0; k < 8; k++) {
            const carry = l & 1;
            l = ((l >>> 1) | ((h & 1) << 31)) >>> 0;
            h >>>= 1;
            if (carry) {
                l = (l ^ polyLo) >>> 0;
                h = (h ^ polyHi) >>> 0;
            }
        }
        lo[i] = l;
        hi[i] = h;
    }
    return { lo, hi };
})();

class Crc64 {
    private lo = 0xffffffff;
    private hi = 0xffffffff;
    update(data: Uint8Array) {
        let { lo, hi } = this;
        for (let i = 0; i < data.length; i++) {
            const index = (lo ^ data[i]!) & 0xff;
            lo = (((lo >>> 8) | ((hi & 0xff) << 24)) ^ CRC64_TABLE.lo[index]!) >>> 0;
            hi = ((hi >>> 8) ^ CRC64_TABLE.hi[index]!) >>> 0;
        }
        this.lo = lo;
        this.hi = hi;
    }
    digest(): Buffer {
        const out = Buffer.alloc(8);
        out.writeUInt32LE((this.lo ^ 0xffffffff) >>> 0, 0);
        out.writeUInt32LE((this.hi ^ 0xffffffff) >>> 0, 4);
        return out;
    }
}

class Crc32 {
    private value = 0;
    update(data: Uint8Array) {
        this.value = zlib.crc32(data, this.value);
    }
    digest(): Buffer {
        const out = Buffer.alloc(4);
        out.writeUInt32LE(this.value >>> 0, 0);
        return out;
    }
}

type Check = { update(data: Uint8Array): void; digest(): Buffer };
const checkSize = (type: number) => (type === 0 ? 0 : 4 << Math.floor((type - 1) / 3));
const newCheck = (type: number): Check | undefined => {
    if (type === 1) return new Crc32();
    if (type === 4) return new Crc64();
    if (type === 10) {
        const hash: Hash = createHash('sha256');
        return { update: d => hash.update(d), digest: () => hash.digest() };
    }
    // Other check types are defined but unused; their value is skipped.
    return undefined;
};

const crcOk = (data: Buffer, stored: Buffer) => zlib.crc32(data) === stored.readUInt32LE(0);

/** The decompressed bytes of an .xz file: one or more streams, with zero padding between and after them. */
export async function* xzDecompress(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const input = new ByteReader(source[Symbol.asyncIterator]());
    for (let stream = 0; ; stream++) {
        if (stream > 0) {
            for (;;) {
                if (!(await input.has(1))) return;
                if (!(await input.has(4))) throw damaged('stream padding');
                if (!input.peek(4).equals(ZEROS)) break;
                await input.take(4);
            }
        }
        const header = await input.take(12);
        if (!header.subarray(0, 6).equals(MAGIC)) throw damaged('not an xz stream');
        if (!crcOk(header.subarray(6, 8), header.subarray(8, 12))) throw damaged('stream header checksum');
        if (header[6] !== 0 || header[7]! > 0x0f) throw damaged('unsupported stream flags');
        const checkType = header[7]!;
        const records: BlockRecord[] = [];
        for (;;) {
            const first = (await input.take(1))[0]!;
            if (first === 0) break;
            records.push(yield* readBlock(input, first, checkType));
        }
        await readIndex(input, records);
        await readFooter(input, header.subarray(6, 8));
    }
}

interface BlockRecord {
    unpadded: number;
    uncompressed: number;
}

async function* readBlock(input: ByteReader, sizeByte: number, checkType: number): AsyncGenerator<Buffer, BlockRecord> {
    const headerSize = (sizeByte + 1) * 4;
    const header = Buffer.concat([Buffer.from([sizeByte]), await input.take(headerSize - 1)]);
    if (!crcOk(header.subarray(0, headerSize - 4), header.subarray(headerSize - 4))) throw damaged('block header checksum');
    const flags = header[1]!;
    if (flags & 0x3c) throw damaged('unsupported block flags');
    const at = { i: 2 };
    const declaredCompressed = flags & 0x40 ? readVarint(header, at) : undefined;
    const declaredUncompressed = flags & 0x80 ? readVarint(header, at) : undefined;
    const filters = (flags & 3) + 1;
    let dictionary = 0;
    for (let f = 0; f < filters; f++) {
        const id = readVarint(header, at);
        const propsSize = readVarint(header, at);
        if (id !== LZMA2_FILTER || f !== filters - 1 || propsSize !== 1) throw new ArtifactError('The file is not a valid Mender artifact: its xz data uses a filter other than LZMA2, which is not supported.');
        dictionary = dictionarySize(header[at.i++]!);
    }
    for (; at.i < headerSize - 4; at.i++) if (header[at.i] !== 0) throw damaged('block header padding');

    const decoder = new Lzma2Decoder(dictionary);
    const check = newCheck(checkType);
    const start = input.offset;
    let uncompressed = 0;
    for (;;) {
        const control = (await input.take(1))[0]!;
        const size = Lzma2Decoder.headerSize(control);
        if (size === 1) break;
        const chunkHeader = Buffer.concat([Buffer.from([control]), await input.take(size - 1)]);
        const data = await input.take(Lzma2Decoder.dataSize(chunkHeader));
        const out = decoder.chunk(chunkHeader, data);
        uncompressed += out.length;
        check?.update(out);
        if (out.length) yield Buffer.from(out.buffer, out.byteOffset, out.length);
    }
    const compressed = input.offset - start;
    if (declaredCompressed !== undefined && declaredCompressed !== compressed) throw damaged('block size');
    if (declaredUncompressed !== undefined && declaredUncompressed !== uncompressed) throw damaged('block size');
    const padding = (4 - ((headerSize + compressed) % 4)) % 4;
    if (!(await input.take(padding)).equals(Buffer.alloc(padding))) throw damaged('block padding');
    const stored = await input.take(checkSize(checkType));
    if (check && !check.digest().equals(stored)) throw damaged('block check');
    return { unpadded: headerSize + compressed + checkSize(checkType), uncompressed };
}

async function readIndex(input: ByteReader, records: BlockRecord[]) {
    // The index indicator (0) was taken; the CRC covers it too.
    const bytes: number[] = [0];
    const varint = async () => {
        const own: number[] = [];
        for (;;) {
            const b = (await input.take(1))[0]!;
            own.push(b);
            bytes.push(b);
            if (!(b & 0x80)) break;
            if (own.length > 9) throw damaged('bad index');
        }
        return readVarint(Buffer.from(own), { i: 0 });
    };
    if ((await varint()) !== records.length) throw damaged('index does not match the blocks');
    for (const record of records) {
        if ((await varint()) !== record.unpadded || (await varint()) !== record.uncompressed) throw damaged('index does not match the blocks');
    }
    const padding = await input.take((4 - (bytes.length % 4)) % 4);
    if (!padding.equals(Buffer.alloc(padding.length))) throw damaged('index padding');
    bytes.push(...padding);
    if (!crcOk(Buffer.from(bytes), await input.take(4))) throw damaged('index checksum');
}

async function readFooter(input: ByteReader, streamFlags: Buffer) {
    const footer = await input.take(12);
    if (!footer.subarray(10, 12).equals(FOOTER_MAGIC)) throw damaged('stream footer');
    if (!crcOk(footer.subarray(4, 10), footer.subarray(0, 4))) throw damaged('stream footer checksum');
    if (!footer.subarray(8, 10).equals(streamFlags)) throw damaged('stream flags differ');
}
