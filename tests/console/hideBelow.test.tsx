import { render } from '@testing-library/react';
import { Box } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { hideBelow } from '../../src/lists/hideBelow';
import { lightTheme } from '../../src/layout/theme';

/** The CSS the page received: jsdom applies no media query, so the rules are read as the browser would get them. */
const css = () =>
    [...document.querySelectorAll('style')]
        .map(s => s.textContent ?? '')
        .join('\n')
        .replace(/\s+/g, '');

describe('hideBelow (columns of a list shown from a width up)', () => {
    it('hides the named columns below their breakpoint, header and cells alike', () => {
        render(
            <ThemeProvider theme={createTheme(lightTheme)}>
                <Box sx={hideBelow({ md: ['serial'], sm: ['model', 'account.name'] })}>
                    <span className="column-serial" />
                </Box>
            </ThemeProvider>,
        );
        const text = css();
        // md is 900 px, sm 600 px (MUI's breakpoints); down() stops just short of them
        expect(text).toMatch(/@media\(max-width:899\.95px\)\{[^}]*\.column-serial\{display:none;\}/);
        expect(text).toMatch(/@media\(max-width:599\.95px\)\{[^}]*\.column-model\{display:none;\}/);
        expect(text).toContain('.column-account\\.name{display:none;}');
    });
});
