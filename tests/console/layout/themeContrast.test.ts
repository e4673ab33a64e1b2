import { createTheme, type Palette } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { BRAND, darkTheme, lightTheme, themesFor } from '../../../src/layout/theme';

/** A colour as MUI writes it (#rgb, #rrggbb, rgb(), rgba()) in 0..255 channels and its alpha. */
const parse = (colour: string): [number, number, number, number] => {
    const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
    if (hex) {
        const full = hex.length === 3 ? [...hex].map(c => c + c).join('') : hex;
        return [0, 2, 4].map(i => parseInt(full.slice(i, i + 2), 16)).concat(1) as [number, number, number, number];
    }
    const fn = /^rgba?\(([^)]+)\)$/.exec(colour)?.[1];
    if (!fn) throw new Error(`not a colour: ${colour}`);
    const [r, g, b, a = 1] = fn.split(',').map(Number);
    return [r!, g!, b!, a];
};

/** A translucent foreground as seen over its (opaque) background. */
const over = (front: string, back: string) => {
    const [r, g, b, a] = parse(front);
    const [br, bg, bb] = parse(back);
    return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
};

// WCAG 2.2 "relative luminance" and "contrast ratio" (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
const luminance = ([r, g, b]: number[]) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
};
const contrast = (front: string, back: string) => {
    const [l1, l2] = [luminance(over(front, back)), luminance(parse(back))].sort((x, y) => y - x) as [number, number];
    return (l1 + 0.05) / (l2 + 0.05);
};

const pairs = (p: Palette): [string, string, string][] => [
    ['primary.contrastText on primary.main', p.primary.contrastText, p.primary.main],
    ['secondary.contrastText on secondary.main', p.secondary.contrastText, p.secondary.main],
    ['text.primary on background.default', p.text.primary, p.background.default],
    ['text.primary on background.paper', p.text.primary, p.background.paper],
    ['text.secondary on background.default', p.text.secondary, p.background.default],
    ['text.secondary on background.paper', p.text.secondary, p.background.paper],
    // links, the highlighted menu entry and the sign-in page's product name are written in the primary colour
    ['primary.main on background.default', p.primary.main, p.background.default],
    ['primary.main on background.paper', p.primary.main, p.background.paper],
];

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
    it('checks the ratio as WCAG computes it', () => {
        expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
        expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
        expect(contrast('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrast('#808080', '#ffffff'), 1);
    });

    describe.each([
        ['light', lightTheme],
        ['dark', darkTheme],
    ])('the %s theme', (_mode, options) => {
        const { palette } = createTheme(options);
        it.each(pairs(palette))('%s reads at 4.5:1 or more (%s on %s)', (_pair, front, back) => {
            expect(contrast(front, back)).toBeGreaterThanOrEqual(4.5);
        });
    });

    // dealers' brands: the server takes a primary colour only if white text reads on it at 4.5:1 (the darkest and the
    // palest it accepts among them); the secondary is free
    describe.each([
        ['#767676', '#ffeb3b'],
        ['#b00020', '#03dac6'],
        ['#004d40', '#ff6f00'],
        ['#1a237e', '#000000'],
        ['#6a1b9a', '#9e9e9e'],
    ])('a brand of %s and %s', (primary, secondary) => {
        it.each(['light', 'dark'] as const)('in the %s theme, every pair reads at 4.5:1 or more', mode => {
            const { palette } = createTheme(themesFor({ primary, secondary })[mode]);
            const failing = pairs(palette)
                .filter(([, front, back]) => contrast(front, back) < 4.5)
                .map(([name, front, back]) => `${name}: ${contrast(front, back).toFixed(2)} (${front} on ${back})`);
            expect(failing).toEqual([]);
        });
    });

    it('both themes come from the one brand palette: the light theme is the brand itself, the dark one a tint of it', () => {
        expect(createTheme(lightTheme).palette.primary.main).toBe(BRAND.primary);
        expect(createTheme(lightTheme).palette.secondary.main).toBe(BRAND.secondary);
        expect(createTheme(darkTheme).palette.mode).toBe('dark');
    });
});
