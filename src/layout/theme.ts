import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
    ...defaultTheme,
    palette: { primary: { main: '#1f4e79' }, secondary: { main: '#0b7a75' } },
    sidebar: { width: 248, closedWidth: 56 },
    components: {
        ...defaultTheme.components,
        // A page may be narrower than its widest table (a laptop with the menu open): the table scrolls, not the page.
        RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
        RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
        RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
        // SPEC 2.3: the screen shown is the highlighted menu entry.
        RaMenuItemLink: {
            styleOverrides: {
                root: ({ theme: t }: { theme: Theme }) => ({
                    borderLeft: '3px solid transparent',
                    '&.RaMenuItemLink-active': {
                        borderLeftColor: t.palette.primary.main,
                        backgroundColor: t.palette.action.selected,
                        color: t.palette.primary.main,
                        fontWeight: 600,
                        '& .RaMenuItemLink-icon': { color: t.palette.primary.main },
                    },
                }),
            },
        },
    },
};
