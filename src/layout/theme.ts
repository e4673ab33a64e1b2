import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
    ...defaultTheme,
    palette: { primary: { main: '#1f4e79' }, secondary: { main: '#0b7a75' } },
    sidebar: { width: 248, closedWidth: 56 },
};
