import { createHash } from 'node:crypto';
import { ArtifactError, archiveError, invalid } from './errors';
import { compressionOf, decompress, drain, limited, observed, readAll, tarEntries, type Compression, type TarEntry } from './streams';

/**
 * A streaming reader of the Mender artifact format, version 3
 * (github.com/mendersoftware/mender-artifact, Documentation/artifact-format-v3.md):
 *
 *   version                 {"format": "mender", "version": 3}
 *   manifest                "<sha256>  <path>" for version, header.tar* and every payload file
 *   manifest.sig            optional: base64 signature of the manifest
 *   manifest-augment        optional: checksums of the augmented parts (not signed)
 *   header.tar[.gz|.xz]     header-info, headers/NNNN/type-info, headers/NNNN/meta-data, scripts/
 *   header-augment.tar*     optional: augmented type-info and meta-data
 *   data/NNNN.tar[.gz|.xz]  the files of payload NNNN
 *
 * It reads the outer tar entry by entry as the bytes arrive, never holding a
 * payload: each payload file is hashed on the way through and checked
 * against the manifest as soon as it ends.
 */

export interface ArtifactHeader {
    name: string;
    deviceTypes: string[];
}

export interface ParsedPayload {
    type: string | null;
    files: { name: string; size: number; checksum: string }[];
    provides: Record<string, string>;
    depends: Record<string, unknown>;
    clearsProvides: string[];
    metaData: Record<string, unknown> | null;
}

export interface ParsedArtifact extends ArtifactHeader {
    version: 3;
    compression: Compression;
    /** the first payload's type; null for a bootstrap artifact */
    payloadType: string | null;
    payloads: ParsedPayload[];
    /** artifact_provides of header-info and of each payload's type-info */
    provides: Record<string, string>;
    /** artifact_depends of header-info (device_type included) and of each type-info */
    depends: Record<string, unknown>;
    manifest: string;
    signature: string | null;
    augmented: boolean;
    scripts: string[];
}

export interface ParseOptions {
    /** called once header-info is read, before the payloads: may throw to stop early (a duplicate...) */
    onHeader?: (header: ArtifactHeader) => Promise<void> | void;
    /** most decompressed payload bytes read before giving up */
    maxUnpackedBytes?: number;
    /** a payload may unpack to at most this many times its compressed size (and 1 MiB more) */
    maxUnpackRatio?: number;
}

/** Defaults: real root file systems unpack to a few (an empty ext4 to a few dozen) times their xz size. */
export const DEFAULT_MAX_UNPACKED_BYTES = 16 * 1024 ** 3;
export const DEFAULT_MAX_UNPACK_RATIO = 100;

const SMALL = 64 * 1024;
const MANIFEST_MAX = 1024 * 1024;
const HEADER_MAX = 16 * 1024 * 1024;
const NAME_MAX = 256;
const DEVICE_TYPE_MAX = 64;
const SAFE_NAME = /^[^/\\\0]+$/;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const parseJson = (data: Buffer, what: string): unknown => {
    try {
        return JSON.parse(data.toString('utf8'));
    } catch {
        throw invalid(`${what} is not valid JSON.`);
    }
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads "<sha256>  <path>" lines. */
const parseManifest = (data: Buffer, what: string): Map<string, string> => {
    const text = data.toString('utf8');
    if (Buffer.from(text, 'utf8').compare(data) !== 0) throw invalid(`${what} is not UTF-8 text.`);
    const sums = new Map<string, string>();
    for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        const match = /^([0-9a-fA-F]{64})\s+(\S.*)$/.exec(line.replace(/\r$/, ''));
        if (!match) throw invalid(`${what} has a line that is not "<sha256>  <file>".`);
        const path = match[2]!.trim();
        if (sums.has(path)) throw invalid(`${what} lists ${path} twice.`);
        sums.set(path, match[1]!.toLowerCase());
    }
    if (!sums.size) throw invalid(`${what} is empty.`);
    return sums;
};

/** String values of an artifact_provides object (Mender's are strings or lists of strings). */
const providesOf = (value: unknown, what: string): Record<string, string> => {
    if (value === undefined || value === null) return {};
    if (!isObject(value)) throw invalid(`${what} artifact_provides is not an object.`);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'string') out[k] = v;
        else if (Array.isArray(v) && v.every(x => typeof x === 'string')) out[k] = v.join(', ');
        else throw invalid(`${what} artifact_provides.${k} is not text.`);
    }
    return out;
};

interface HeaderInfo {
    name: string;
    deviceTypes: string[];
    payloadTypes: (string | null)[];
    provides: Record<string, string>;
    depends: Record<string, unknown>;
}

const readHeaderInfo = (data: Buffer): HeaderInfo => {
    const info = parseJson(data, 'header-info');
    if (!isObject(info)) throw invalid('header-info is not an object.');
    const payloads = info.payloads;
    if (!Array.isArray(payloads) || payloads.length === 0 || payloads.length > 100) throw invalid('header-info lists no payload.');
    const payloadTypes = payloads.map(p => {
        if (!isObject(p) || !(p.type === null || typeof p.type === 'string')) throw invalid('header-info has a payload without a type.');
        return p.type === '' ? null : (p.type as string | null);
    });
    const provides = providesOf(info.artifact_provides, 'header-info');
    const name = provides.artifact_name;
    if (!name || !name.trim()) throw invalid('header-info names no artifact (artifact_provides.artifact_name).');
    if (name.length > NAME_MAX) throw invalid(`the artifact name is longer than ${NAME_MAX} characters.`);
    const depends = info.artifact_depends;
    if (!isObject(depends)) throw invalid('header-info has no artifact_depends.');
    const types = depends.device_type;
    if (!Array.isArray(types) || !types.length || !types.every(t => typeof t === 'string' && t.trim().length > 0))
        throw invalid('header-info names no compatible device type.');
    if (types.length > 100 || types.some(t => (t as string).length > DEVICE_TYPE_MAX))
        throw invalid(`device types are at most 100, each at most ${DEVICE_TYPE_MAX} characters.`);
    return { name, deviceTypes: [...new Set(types as string[])], payloadTypes, provides, depends };
};

interface TypeInfo {
    provides: Record<string, string>;
    depends: Record<string, unknown>;
    clearsProvides: string[];
}

const readTypeInfo = (data: Buffer, what: string): TypeInfo => {
    const info = parseJson(data, what);
    if (!isObject(info)) throw invalid(`${what} is not an object.`);
    const depends = info.artifact_depends ?? {};
    if (!isObject(depends)) throw invalid(`${what} artifact_depends is not an object.`);
    const clears = info.clears_artifact_provides ?? [];
    if (!Array.isArray(clears) || !clears.every(c => typeof c === 'string'))
        throw invalid(`${what} clears_artifact_provides is not a list of texts.`);
    return { provides: providesOf(info.artifact_provides, what), depends, clearsProvides: clears as string[] };
};

const readMetaData = (data: Buffer, what: string): Record<string, unknown> | null => {
    if (!data.toString('utf8').trim()) return null;
    const meta = parseJson(data, what);
    if (!isObject(meta)) throw invalid(`${what} is not an object.`);
    return meta;
};

const entryName = (entry: TarEntry) => entry.header.name.replace(/^\.\//, '');
const isFile = (entry: TarEntry) => entry.header.type === 'file' || entry.header.type === 'contiguous-file';

/** What the header tar (or the augmented header tar) holds. */
interface HeaderContents {
    info?: HeaderInfo;
    typeInfo: Map<number, TypeInfo>;
    metaData: Map<number, Record<string, unknown> | null>;
    scripts: string[];
}

const readHeaderTar = async (bytes: AsyncIterable<Buffer>, augmented: boolean): Promise<HeaderContents> => {
    const what = augmented ? 'header-augment' : 'header';
    const contents: HeaderContents = { typeInfo: new Map(), metaData: new Map(), scripts: [] };
    for await (const entry of tarEntries(
        limited(bytes, HEADER_MAX, `The file is not a valid Mender artifact: its ${what} is larger than ${HEADER_MAX} bytes.`),
    )) {
        const name = entryName(entry);
        if (entry.header.type === 'directory') {
            await drain(entry);
            continue;
        }
        if (!isFile(entry)) throw invalid(`${what} holds ${name}, which is not a file.`);
        const perPayload = /^headers\/(\d{4})\/(type-info|meta-data|files)$/.exec(name);
        if (name === 'header-info') {
            if (contents.info) throw invalid(`${what} holds header-info twice.`);
            contents.info = readHeaderInfo(await readAll(entry, SMALL, 'header-info'));
        } else if (perPayload) {
            const index = Number(perPayload[1]);
            const data = await readAll(entry, SMALL, name);
            if (perPayload[2] === 'type-info') contents.typeInfo.set(index, readTypeInfo(data, name));
            else if (perPayload[2] === 'meta-data') contents.metaData.set(index, readMetaData(data, name));
        } else if (/^scripts\/[^/]+$/.test(name)) {
            contents.scripts.push(name.slice('scripts/'.length));
            await drain(entry);
        } else {
            throw invalid(`${what} holds an unexpected file, ${name}.`);
        }
    }
    if (!contents.info) throw invalid(`${what} has no header-info.`);
    return contents;
};

/** Parses an artifact from its bytes; throws ArtifactError with the reason when it is not one the platform accepts. */
export const parseArtifact = async (source: AsyncIterable<Buffer>, options: ParseOptions = {}): Promise<ParsedArtifact> => {
    try {
        return await parse(source, options);
    } catch (error) {
        throw archiveError(error);
    }
};

/** What parse has read of the outer tar so far, entry by entry. */
interface ParseState {
    onHeader: ParseOptions['onHeader'];
    maxUnpacked: number;
    maxRatio: number;
    /** decompressed payload bytes read, all payloads together */
    unpacked: number;
    versionHash?: string;
    manifest?: { raw: Buffer; sums: Map<string, string> };
    signature: string | null;
    augmentSums?: Map<string, string>;
    header?: HeaderContents;
    headerAugment?: HeaderContents;
    compression?: Compression;
    /** the index of the next payload */
    dataIndex: number;
    /** the paths whose checksum matched */
    seen: Set<string>;
    payloads: ParsedPayload[];
}

const parse = async (source: AsyncIterable<Buffer>, options: ParseOptions): Promise<ParsedArtifact> => {
    const state: ParseState = {
        onHeader: options.onHeader,
        maxUnpacked: options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES,
        maxRatio: options.maxUnpackRatio ?? DEFAULT_MAX_UNPACK_RATIO,
        unpacked: 0,
        signature: null,
        dataIndex: 0,
        seen: new Set<string>(),
        payloads: [],
    };
    for await (const entry of tarEntries(source)) await readEntry(state, entry);
    return finish(state);
};

/** The checksum a file must have, from the manifest or, for augmented parts, manifest-augment. */
const check = (state: ParseState, path: string, actual: string) => {
    const wanted = state.manifest?.sums.get(path) ?? state.augmentSums?.get(path);
    if (!wanted) throw invalid(`${path} is not listed in the manifest.`);
    if (wanted !== actual) throw invalid(`the checksum of ${path} does not match the manifest.`);
    state.seen.add(path);
};

/** One entry of the outer tar, in the order the format sets: version, manifest, its signature and augment, headers, payloads. */
const readEntry = async (state: ParseState, entry: TarEntry) => {
    const name = entryName(entry);
    if (!isFile(entry)) throw invalid(`it holds ${name}, which is not a file.`);
    const headerMatch = /^header(-augment)?\.tar(\.gz|\.xz)?$/.exec(name);
    const dataMatch = /^data\/(\d{4})\.tar(\.gz|\.xz)?$/.exec(name);

    if (name === 'version') return readVersion(state, entry);
    if (!state.versionHash) throw invalid('it does not start with a version file.');

    if (name === 'manifest') {
        if (state.manifest) throw invalid('it holds two manifests.');
        const raw = await readAll(entry, MANIFEST_MAX, 'manifest');
        state.manifest = { raw, sums: parseManifest(raw, 'manifest') };
        check(state, 'version', state.versionHash);
        return;
    }
    if (!state.manifest) throw invalid('its manifest does not follow the version file.');

    if (name === 'manifest.sig') {
        if (state.signature !== null || state.header) throw invalid('manifest.sig is misplaced.');
        state.signature = (await readAll(entry, SMALL, 'manifest.sig')).toString('utf8').trim();
        if (!/^[A-Za-z0-9+/=\s]+$/.test(state.signature)) throw invalid('manifest.sig is not base64.');
    } else if (name === 'manifest-augment') {
        if (state.augmentSums || state.header) throw invalid('manifest-augment is misplaced.');
        state.augmentSums = parseManifest(await readAll(entry, MANIFEST_MAX, 'manifest-augment'), 'manifest-augment');
    } else if (headerMatch) {
        await readHeaderEntry(state, entry, name, !!headerMatch[1], compressionOf(headerMatch[2]));
    } else if (dataMatch) {
        await readPayloadEntry(state, entry, name, dataMatch[1]!, compressionOf(dataMatch[2]));
    } else {
        throw invalid(`it holds an unexpected file, ${name}.`);
    }
};

const readVersion = async (state: ParseState, entry: TarEntry) => {
    if (state.versionHash) throw invalid('it holds two version files.');
    const data = await readAll(entry, SMALL, 'version');
    const version = parseJson(data, 'version');
    if (!isObject(version) || version.format !== 'mender') throw invalid('its version file does not say "mender".');
    if (version.version !== 3) {
        throw new ArtifactError(
            `Only version 3 of the Mender artifact format is supported; this file is version ${typeof version.version === 'number' ? version.version : 'unknown'}.`,
        );
    }
    state.versionHash = sha256(data);
};

/** header.tar* (then onHeader is told), or header-augment.tar*, hashed as a whole entry. */
const readHeaderEntry = async (state: ParseState, entry: TarEntry, name: string, augmented: boolean, kind: Compression) => {
    const { header } = state;
    if (augmented ? !header || state.headerAugment || !state.augmentSums || state.dataIndex > 0 : header)
        throw invalid(`${name} is misplaced.`);
    if (state.compression && state.compression !== kind) throw invalid('its parts use different compressions.');
    state.compression = kind;
    const hash = createHash('sha256');
    const contents = await readHeaderTar(
        decompress(
            observed(entry, c => hash.update(c)),
            kind,
        ),
        augmented,
    );
    // Read what may follow the compressed tar's end, so the hash covers the whole entry.
    await drain(entry);
    check(state, name, hash.digest('hex'));
    if (augmented) {
        state.headerAugment = contents;
        if (contents.info!.name !== header!.info!.name) throw invalid('header-augment names another artifact.');
    } else {
        state.header = contents;
        const info = contents.info!;
        for (let i = 0; i < info.payloadTypes.length; i++) if (!contents.typeInfo.has(i)) throw invalid(`payload ${i} has no type-info.`);
        await state.onHeader?.({ name: info.name, deviceTypes: info.deviceTypes });
    }
};

/** data/NNNN.tar*: its files hashed on the way through, against the manifest, and the payload as the headers describe it. */
const readPayloadEntry = async (state: ParseState, entry: TarEntry, name: string, number: string, kind: Compression) => {
    const { header, headerAugment } = state;
    if (!header) throw invalid(`${name} comes before the header.`);
    const index = Number(number);
    if (index !== state.dataIndex) throw invalid(`${name} is out of order.`);
    if (index >= header.info!.payloadTypes.length) throw invalid(`${name} is a payload the header does not list.`);
    if (kind !== state.compression) throw invalid('its parts use different compressions.');
    const files: ParsedPayload['files'] = [];
    for await (const file of tarEntries(unpackedPayload(state, entry, number, kind))) {
        const fileName = entryName(file);
        if (!isFile(file) || !SAFE_NAME.test(fileName)) throw invalid(`payload ${index} holds ${fileName}, which is not a plain file.`);
        const hash = createHash('sha256');
        let size = 0;
        for await (const chunk of file) {
            hash.update(chunk);
            size += chunk.length;
        }
        const checksum = hash.digest('hex');
        check(state, `data/${number}/${fileName}`, checksum);
        files.push({ name: fileName, size, checksum });
    }
    await drain(entry);
    const typeInfo = { ...header.typeInfo.get(index)!, ...(headerAugment?.typeInfo.get(index) ?? {}) };
    state.payloads.push({
        type: header.info!.payloadTypes[index] ?? null,
        files,
        provides: typeInfo.provides,
        depends: typeInfo.depends,
        clearsProvides: typeInfo.clearsProvides,
        metaData: headerAugment?.metaData.get(index) ?? header.metaData.get(index) ?? null,
    });
    state.dataIndex++;
};

/** A payload's bytes decompressed, counted against the caps. */
const unpackedPayload = (state: ParseState, entry: TarEntry, number: string, kind: Compression) => {
    const { maxRatio, maxUnpacked } = state;
    // A few compressed kilobytes can claim gigabytes (a decompression bomb): decompression stops at the cap.
    const payloadCap = kind === 'none' ? Infinity : maxRatio * entry.header.size + 1024 * 1024;
    let payloadUnpacked = 0;
    return observed(decompress(entry, kind), c => {
        state.unpacked += c.length;
        payloadUnpacked += c.length;
        if (state.unpacked > maxUnpacked)
            throw new ArtifactError(`The artifact unpacks to more than the ${maxUnpacked} bytes allowed.`, 413);
        if (payloadUnpacked > payloadCap) {
            throw new ArtifactError(
                `The artifact's payload ${number} unpacks to more than ${maxRatio} times its compressed size, which a firmware image does not: it is refused.`,
                413,
            );
        }
    });
};

/** Once the outer tar ends: every part there, every listed file seen, and what the payloads provide and depend on. */
const finish = (state: ParseState): ParsedArtifact => {
    const { manifest, header, augmentSums, headerAugment, payloads } = state;
    if (!state.versionHash) throw invalid('it has no version file.');
    if (!manifest) throw invalid('it has no manifest.');
    if (!header) throw invalid('it has no header.');
    const info = header.info!;
    if (state.dataIndex !== info.payloadTypes.length)
        throw invalid(`the header lists ${info.payloadTypes.length} payload(s) but it holds ${state.dataIndex}.`);
    if (augmentSums && !headerAugment && [...augmentSums.keys()].some(k => k.startsWith('header-augment')))
        throw invalid('header-augment is missing.');
    for (const path of [...manifest.sums.keys(), ...(augmentSums?.keys() ?? [])]) {
        if (!state.seen.has(path)) throw invalid(`${path} is listed in the manifest but missing.`);
    }
    const provides: Record<string, string> = { ...info.provides };
    const depends: Record<string, unknown> = { ...info.depends };
    for (const p of payloads) {
        Object.assign(provides, p.provides);
        Object.assign(depends, p.depends);
    }
    return {
        version: 3,
        name: info.name,
        deviceTypes: info.deviceTypes,
        compression: state.compression!,
        payloadType: payloads[0]?.type ?? null,
        payloads,
        provides,
        depends,
        manifest: manifest.raw.toString('utf8'),
        signature: state.signature,
        augmented: !!headerAugment,
        scripts: header.scripts,
    };
};
