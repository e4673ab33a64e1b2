import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFontEmbedder, StandardFonts } from 'pdf-lib';

/**
 * One line of the consent stamp in any language (docs/decisions.md "Web enrollment: the signed consent's language"):
 * Helvetica draws what it can (WinAnsi), IBM Plex Sans Arabic the Arabic, Noto Sans JP the kana, kanji, Greek and
 * Cyrillic (first for a Japanese page); a character none of them has is drawn as '?'. The Unicode bidirectional
 * algorithm (bidi-js) puts the characters in the order they are seen, so an Arabic line reads right to left with a
 * Latin name or number in it left to right.
 */

const bidi = bidiFactory();
const fontFile = (specifier: string) => () => fs.readFileSync(createRequire(import.meta.url).resolve(specifier));

interface FileFace {
    key: string;
    read: () => Buffer;
}
const NOTO_SANS_JP: FileFace = {
    key: 'noto-sans-jp',
    read: fontFile('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
};
// Its letters have a glyph for each form, dots included: fonts that draw dots as glyphs of their own (Noto Naskh
// and Sans Arabic) share one dotless glyph between several letters, and the text read back from the PDF is wrong.
const IBM_PLEX_SANS_ARABIC: FileFace = {
    key: 'ibm-plex-sans-arabic',
    read: fontFile('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf'),
};

type FontkitFont = ReturnType<typeof fontkit.create>;

/** Ligatures of a right-to-left script whose text already reads in the order seen (see `inOrderSeen`). */
const turned = new WeakSet<object>();

/** What `padGlyphs` reaches of fontkit's TrueType subset (TTFSubset). */
interface GlyphSubset {
    _addGlyph: (glyphId: number) => number;
    glyf: Uint8Array[];
    offset: number;
}

/**
 * A subset whose glyphs each take an even number of bytes. Fonts built today leave the glyphs unpadded (Noto Sans JP:
 * half have an odd length); fontkit's subset writes the short offset table, which counts in two-byte words, so every
 * glyph after an odd one was read from the wrong place and most characters were drawn blank.
 */
const padGlyphs = <T extends object>(subset: T): T => {
    const inner = subset as unknown as GlyphSubset;
    const add = inner._addGlyph.bind(inner);
    inner._addGlyph = glyphId => {
        const index = add(glyphId);
        const glyph = inner.glyf[index]!;
        if (glyph.length % 2) {
            // a buffer of fontkit's own kind: its encoder takes no other
            const padded = (glyph.constructor as unknown as { alloc: (size: number) => Uint8Array }).alloc(glyph.length + 1);
            padded.set(glyph);
            inner.glyf[index] = padded;
            inner.offset += 1;
        }
        return index;
    };
    return subset;
};

/**
 * A font for pdf-lib: its subsets are padded (`padGlyphs`), and its right-to-left ligatures (lam-alef, and the ones a
 * font draws as one glyph) say their letters in the order they are seen: the PDF's ToUnicode map gives each glyph's
 * text, and a reader (pdf.js) turns the seen text of a right-to-left run round as a whole, which would turn a
 * two-letter glyph's letters round too ("لا" read back as "ال").
 */
const inOrderSeen = (font: FontkitFont): FontkitFont =>
    new Proxy(font, {
        get(target, property) {
            if (property === 'createSubset') return () => padGlyphs(target.createSubset());
            if (property === 'layout')
                return (...args: Parameters<FontkitFont['layout']>) => {
                    const run = target.layout(...args);
                    if (run.direction === 'rtl')
                        for (const glyph of run.glyphs)
                            if (glyph.codePoints.length > 1 && !turned.has(glyph)) {
                                glyph.codePoints = [...glyph.codePoints].reverse();
                                turned.add(glyph);
                            }
                    return run;
                };
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
    });

/** A font file read and parsed once, for every stamp: the Japanese one is 5 MB. */
interface Parsed {
    bytes: Buffer;
    font: FontkitFont;
}
const parsed = new Map<string, Parsed>();
const parse = (face: FileFace) => {
    let found = parsed.get(face.key);
    if (!found) {
        const bytes = face.read();
        found = { bytes, font: inOrderSeen(fontkit.create(bytes)) };
        parsed.set(face.key, found);
    }
    return found;
};

/** fontkit as pdf-lib calls it: a font file this module parsed already is not parsed again. */
const sharedFontkit: Parameters<PDFDocument['registerFontkit']>[0] = {
    create: (bytes: Uint8Array) => [...parsed.values()].find(p => p.bytes === bytes)?.font ?? fontkit.create(bytes),
};

/** Helvetica's characters (WinAnsi), as pdf-lib's standard font encodes them. */
const WIN_ANSI = new Set(
    StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0]).encoding
        .supportedCodePoints,
);

/** A font a stamp may draw with. */
interface Face {
    key: string;
    has: (codePoint: number) => boolean;
    embed: () => Promise<PDFFont>;
    /** whether fontkit lays this text out turned round (a right-to-left script) */
    reversesText: (text: string) => boolean;
}

/** The fonts a stamp may draw with, embedded into the document only once a line uses one. */
export const stampFonts = (doc: PDFDocument, preferred: 'latin' | 'japanese') => {
    doc.registerFontkit(sharedFontkit);
    const embedded = new Map<string, Promise<PDFFont>>();
    const helvetica: Face = {
        key: 'helvetica',
        has: (cp: number) => WIN_ANSI.has(cp),
        embed: () => doc.embedFont(StandardFonts.Helvetica),
        reversesText: () => false,
    };
    const fromFile = (face: FileFace): Face => ({
        key: face.key,
        has: (cp: number) => parse(face).font.hasGlyphForCodePoint(cp),
        embed: () => doc.embedFont(parse(face).bytes, { subset: true }),
        // fontkit lays a text of a right-to-left script out in the order it is seen (LayoutEngine: direction).
        reversesText: (text: string) => parse(face).font.layout(text).direction === 'rtl',
    });
    const japanese = fromFile(NOTO_SANS_JP);
    const arabic = fromFile(IBM_PLEX_SANS_ARABIC);
    // the Arabic font before the Japanese one: it is 200 kB to read, the Japanese one 5 MB
    const faces = preferred === 'japanese' ? [japanese, helvetica, arabic] : [helvetica, arabic, japanese];
    return {
        faces,
        font: (face: Face) => {
            let font = embedded.get(face.key);
            if (!font) embedded.set(face.key, (font = face.embed()));
            return font;
        },
    };
};
type Fonts = ReturnType<typeof stampFonts>;

/** Characters that order the text but are not drawn (bidi controls, joiners and other invisible marks). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** Letters and marks choose their font; spaces, digits and punctuation stay with the font before them when it has them. */
const LETTER = /[\p{L}\p{M}]/u;

/** Text an account or a person typed, made safe to set in a line: no control or direction-changing characters. */
export const plainText = (text: string) =>
    text
        .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
        .replace(/\p{Bidi_Control}/gu, '')
        .trim();

/**
 * A typed value set inside a fixed text: isolated (FSI … PDI), so a name in another direction neither takes the
 * words around it along nor is turned round by them.
 */
export const isolated = (text: string) => `\u2068${plainText(text)}\u2069`;

interface Run {
    face: Face;
    level: number;
    /** where it starts in the text: runs are written in reading order, so a reader of the PDF gets the text back */
    first: number;
    /** the characters, in the order they are seen, left to right */
    chars: string[];
}

/** The characters of a text (a pair of code units outside the BMP is one) with where each starts. */
const codePoints = (text: string) => {
    const found: { index: number; char: string }[] = [];
    for (let index = 0; index < text.length;) {
        const char = String.fromCodePoint(text.codePointAt(index)!);
        found.push({ index, char });
        index += char.length;
    }
    return found;
};

/**
 * The line's characters in the order they are seen, in runs of one font and one bidi level. Fonts are chosen in
 * reading order, so the spaces and digits between two Arabic words stay in the Arabic run.
 */
const visualRuns = (text: string, direction: 'ltr' | 'rtl', fonts: Fonts): Run[] => {
    const levels = bidi.getEmbeddingLevels(text, direction);
    const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
    const faceAt = new Map<number, { face: Face; char: string }>();
    let previous: Face | undefined;
    for (const { index, char: typed } of codePoints(text)) {
        if (INVISIBLE.test(typed)) continue;
        let char = mirrored.get(index) ?? (/\s/.test(typed) ? ' ' : typed);
        const cp = char.codePointAt(0)!;
        const face =
            (previous && !LETTER.test(char) && previous.has(cp) ? previous : fonts.faces.find(f => f.has(cp))) ??
            previous ??
            fonts.faces[0]!;
        if (!face.has(cp)) char = '?';
        faceAt.set(index, { face, char });
        previous = face;
    }
    const runs: Run[] = [];
    // indices of code units: the second half of a pair outside the BMP has no entry and adds nothing
    for (const index of bidi.getReorderedIndices(text, levels)) {
        const at = faceAt.get(index);
        if (!at) continue;
        const level = levels.levels[index]!;
        const last = runs.at(-1);
        if (last && last.face === at.face && last.level === level) {
            last.chars.push(at.char);
            last.first = Math.min(last.first, index);
        } else runs.push({ face: at.face, level, first: index, chars: [at.char] });
    }
    return runs;
};

/**
 * Draws one line of the stamp between `left` and `right` (from the left for a left-to-right language, from the right
 * for Arabic), at `size` or smaller so it fits.
 */
export const drawStampLine = async (
    page: PDFPage,
    fonts: Fonts,
    text: string,
    line: { direction: 'ltr' | 'rtl'; left: number; right: number; y: number; size: number },
) => {
    const runs = await Promise.all(
        visualRuns(text, line.direction, fonts).map(async run => {
            const seen = run.chars.join('');
            // pdf-lib hands the text to fontkit, which shapes it and turns a right-to-left script round itself
            const given = run.face.reversesText(seen) ? [...run.chars].reverse().join('') : seen;
            const font = await fonts.font(run.face);
            return { first: run.first, font, text: given, width: font.widthOfTextAtSize(given, 1) };
        }),
    );
    const width = runs.reduce((sum, r) => sum + r.width, 0);
    const room = line.right - line.left;
    const size = width * line.size > room ? Math.max(room / width, 4) : line.size;
    let x = line.direction === 'rtl' ? Math.max(line.left, line.right - width * size) : line.left;
    const placed = runs.map(run => {
        const at = x;
        x += run.width * size;
        return { ...run, x: at };
    });
    for (const run of placed.sort((a, b) => a.first - b.first))
        page.drawText(run.text, { x: run.x, y: line.y, size, font: run.font, color: rgb(0, 0, 0) });
};
