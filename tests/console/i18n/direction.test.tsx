import { act, render, renderHook, screen } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { describe, expect, it } from 'vitest';
import { directionOf, setPageLanguage, styleCaches, useDirection } from '../../../src/i18n/direction';

describe('right to left (docs/decisions.md "Right to left")', () => {
    it('Arabic, in any region, is written right to left; the console’s other languages left to right', () => {
        expect(directionOf('ar')).toBe('rtl');
        expect(directionOf('ar-EG')).toBe('rtl');
        for (const locale of ['en', 'fr', 'de', 'es', 'pt-BR', 'it', 'nl', 'ja']) expect(directionOf(locale)).toBe('ltr');
    });

    it('the page takes the language and its direction, and the console re-renders on a change of direction', () => {
        const { result } = renderHook(() => useDirection());
        act(() => setPageLanguage('ar'));
        expect(document.documentElement.lang).toBe('ar');
        expect(document.documentElement.dir).toBe('rtl');
        expect(result.current).toBe('rtl');
        act(() => setPageLanguage('de'));
        expect(document.documentElement.dir).toBe('ltr');
        expect(result.current).toBe('ltr');
    });

    it('right to left, a style’s left is drawn on the right', () => {
        render(
            <CacheProvider value={styleCaches.rtl}>
                <Box data-testid="rtl" sx={{ marginLeft: '7px', paddingRight: '3px' }} />
            </CacheProvider>,
        );
        render(
            <CacheProvider value={styleCaches.ltr}>
                <Box data-testid="ltr" sx={{ marginLeft: '7px' }} />
            </CacheProvider>,
        );
        const rtl = getComputedStyle(screen.getByTestId('rtl'));
        expect([rtl.marginRight, rtl.marginLeft, rtl.paddingLeft]).toEqual(['7px', '', '3px']);
        expect(getComputedStyle(screen.getByTestId('ltr')).marginLeft).toBe('7px');
    });
});
