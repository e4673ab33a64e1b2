import sharp from 'sharp';

/**
 * Pictures people upload, decoded before they are kept: a file that only
 * starts like an image (a PNG signature followed by HTML), a truncated one,
 * or another format that a browser would render (SVG) is refused, and so
 * is one whose size makes it useless or whose decoding would take too much
 * memory. A reader's event images are not decoded here: the device API
 * keeps them as they come, and their thumbnails decode them later
 * (resources/events/images.ts).
 */
export type PictureFormat = 'jpeg' | 'png' | 'webp';

export interface PictureLimits {
    formats: readonly PictureFormat[];
    /** the shorter side, in pixels */
    minSide: number;
    /** the longer side, in pixels */
    maxSide: number;
    /** width × height: checked before decoding, and the decoder stops past it too */
    maxPixels: number;
}

export type PictureCheck =
    { format: PictureFormat; width: number; height: number } | { problem: 'format' | 'unreadable' | 'too small' | 'too large' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the first bytes announce; only these reach the decoder, whatever else it can read (SVG, TIFF, GIF...). */
const announced = (data: Buffer): PictureFormat | undefined => {
    if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
    if (data.length >= PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'png';
    if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
    return undefined;
};

/** The picture's format and size once every pixel has been decoded, or why it is refused. */
export const checkPicture = async (data: Buffer, limits: PictureLimits): Promise<PictureCheck> => {
    const format = announced(data);
    if (!format || !limits.formats.includes(format)) return { problem: 'format' };
    let width: number, height: number;
    try {
        // the header alone: no pixel limit here, so a huge size is told as such (below) rather than as unreadable
        const meta = await sharp(data, { limitInputPixels: false }).metadata();
        if (meta.format !== format) return { problem: 'unreadable' };
        ({ width, height } = meta);
    } catch {
        return { problem: 'unreadable' };
    }
    if (Math.min(width, height) < limits.minSide) return { problem: 'too small' };
    if (Math.max(width, height) > limits.maxSide || width * height > limits.maxPixels) return { problem: 'too large' };
    try {
        // The whole image, not its header: a damaged or truncated one fails here ('warning' stops at the first fault).
        await sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'warning' }).stats();
    } catch {
        return { problem: 'unreadable' };
    }
    return { format, width, height };
};
