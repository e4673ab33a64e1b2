import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
    ...defaultTheme,
    palette: { primary: { main: '#1f4e79' }, secondary: { main: '#0b7a75' } },
    sidebar: { width: 248, closedWidth: 56 },
    components: {
        ...defaultTheme.components,
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
