import jpeg from 'jpeg-js';
import type { Roi } from '../../../contract/events';
import { seededRandom } from '../random';

/** A simulated camera frame: JPEG bytes and where the faces are. */
export interface Frame {
    jpeg: Buffer;
    rois: Roi[];
}

export const FRAME_WIDTH = 320;
export const FRAME_HEIGHT = 240;

const SKIN = [
    [241, 194, 167],
    [224, 172, 105],
    [198, 134, 66],
    [141, 85, 36],
    [255, 219, 172],
];
const HAIR = [
    [35, 25, 20],
    [90, 60, 30],
    [160, 120, 60],
    [60, 60, 60],
];

/**
 * A reader's view of its doorway: a lit corridor with a door frame and sensor
 * noise, and `faces` people (head, hair, eyes, mouth, shoulders) standing at
 * different distances. Each face's box is returned as its region of interest,
 * as a reader reports it. About 20-40 KB at this size.
 */
export const drawFrame = (faces: number, seed: number, quality = 90): Frame => {
    const rnd = seededRandom(seed);
    const w = FRAME_WIDTH;
    const h = FRAME_HEIGHT;
    const data = Buffer.alloc(w * h * 4);
    const tint = [rnd() * 30, rnd() * 30, rnd() * 30];
    const set = (x: number, y: number, c: number[]) => {
        if (x < 0 || y < 0 || x >= w || y >= h) return;
        const i = (Math.floor(y) * w + Math.floor(x)) * 4;
        data[i] = c[0]!;
        data[i + 1] = c[1]!;
        data[i + 2] = c[2]!;
        data[i + 3] = 255;
    };
    // Wall with a light from above, a floor, a door frame.
    for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
            const floor = y > h * 0.72;
            const light = floor ? 90 + (y - h * 0.72) * 0.6 : 200 - y * 0.35 - Math.abs(x - w / 2) * 0.15;
            const noise = (rnd() - 0.5) * 26;
            const door =
                (x > w * 0.2 && x < w * 0.23) ||
                (x > w * 0.77 && x < w * 0.8) ||
                (y > h * 0.08 && y < h * 0.11 && x > w * 0.2 && x < w * 0.8);
            const base = door ? [110, 80, 55] : floor ? [light * 0.7, light * 0.65, light * 0.6] : [light, light * 0.97, light * 0.9];
            set(
                x,
                y,
                base.map((v, k) => Math.max(0, Math.min(255, v + noise + tint[k]!))),
            );
        }
    }
    const rois: Roi[] = [];
    const slots = Array.from({ length: faces }, (_, i) => (w * (i + 1)) / (faces + 1));
    for (const cx of slots) {
        const scale = 0.7 + rnd() * 0.5;
        const rx = 26 * scale;
        const ry = 34 * scale;
        const cy = h * 0.42 + (rnd() - 0.5) * 20;
        const skin = SKIN[Math.floor(rnd() * SKIN.length)]!;
        const hair = HAIR[Math.floor(rnd() * HAIR.length)]!;
        const shirt = [rnd() * 200, rnd() * 200, rnd() * 200];
        // Shoulders first, the head over them.
        for (let y = cy + ry * 0.9; y < h; y++)
            for (let x = cx - rx * 2.4; x < cx + rx * 2.4; x++)
                if (Math.abs(x - cx) < rx * (1.2 + (y - cy - ry) / (ry * 1.5)))
                    set(
                        x,
                        y,
                        shirt.map(v => v + (rnd() - 0.5) * 12),
                    );
        for (let y = cy - ry; y <= cy + ry; y++) {
            for (let x = cx - rx; x <= cx + rx; x++) {
                const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
                if (d > 1) continue;
                const shade = 1 - 0.25 * ((x - cx) / rx + 1) * 0.5;
                set(x, y, y < cy - ry * 0.55 ? hair : skin.map(v => v * shade + (rnd() - 0.5) * 8));
            }
        }
        const dot = (ex: number, ey: number, r: number, c: number[]) => {
            for (let y = ey - r; y <= ey + r; y++)
                for (let x = ex - r; x <= ex + r; x++) if ((x - ex) ** 2 + (y - ey) ** 2 <= r * r) set(x, y, c);
        };
        dot(cx - rx * 0.38, cy - ry * 0.12, 3 * scale, [30, 30, 40]);
        dot(cx + rx * 0.38, cy - ry * 0.12, 3 * scale, [30, 30, 40]);
        for (let x = cx - rx * 0.3; x <= cx + rx * 0.3; x++) set(x, cy + ry * 0.45, [150, 60, 60]);
        rois.push({ x: Math.round(cx - rx), y: Math.round(cy - ry), w: Math.round(rx * 2), h: Math.round(ry * 2) });
    }
    return { jpeg: Buffer.from(jpeg.encode({ data, width: w, height: h }, quality).data), rois };
};

/** Frames are slow to draw in JavaScript: a fleet draws a few of each kind once and reuses them. */
export class FramePool {
    private readonly frames = new Map<string, Frame>();
    constructor(private readonly variants = 6) {}

    get(faces: number, pick = Math.random()): Frame {
        const variant = Math.floor(pick * this.variants);
        const key = `${faces}/${variant}`;
        let frame = this.frames.get(key);
        if (!frame) this.frames.set(key, (frame = drawFrame(faces, faces * 7919 + variant * 104729 + 1)));
        return frame;
    }
}
