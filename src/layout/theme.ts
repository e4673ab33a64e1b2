import { PLATFORM_BRAND } from '../../contract/constants';
import { darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * The brand: the one primary and secondary colour of the sign-in pages, the app bar, the buttons and the charts.
 * The dark theme lightens them so they read on a dark background (docs/decisions.md "Dark theme").
 */
export const BRAND = { primary: PLATFORM_BRAND.primary_color, secondary: PLATFORM_BRAND.secondary_color } as const;

// MUI picks the text drawn on a colour by this contrast ratio: WCAG AA for body text (tests/contract/themeContrast.test.ts).
const contrastThreshold = 4.5;

/** Icons whose meaning is a direction along the line of text, mirrored in a right-to-left language. */
const MIRRORED_ICONS = ['ArrowBack', 'ArrowForward', 'Send', 'Logout', 'Login', 'OpenInNew', 'MenuOpen', 'Undo', 'Redo'];

/** What both themes share: the sidebar's widths and how lists, dialogs and the menu behave on any screen. */
const components = (base: RaThemeOptions['components']): RaThemeOptions['components'] => ({
    ...base,
    // A page may be narrower than its widest table (a laptop with the menu open): the table scrolls, not the page.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    // On a phone a dialog takes the screen less a thin margin, whatever width it asked for.
    MuiDialog: {
        styleOverrides: {
            paper: ({ theme: t }: { theme: Theme }) => ({
                [t.breakpoints.down('sm')]: {
                    margin: t.spacing(1),
                    maxWidth: `calc(100% - ${t.spacing(2)})`,
                    maxHeight: `calc(100% - ${t.spacing(2)})`,
                },
            }),
        },
    },
    // Right to left, the icons that point a way point the other way (MUI flips its own pagination arrows already).
    MuiSvgIcon: {
        styleOverrides: {
            root: ({ theme: t }: { theme: Theme }) =>
                t.direction === 'rtl'
                    ? { [MIRRORED_ICONS.map(name => `&[data-testid="${name}Icon"]`).join(', ')]: { transform: 'scaleX(-1)' } }
                    : {},
        },
    },
    // SPEC 2.3: the screen shown is the highlighted menu entry (its edge toward the page: the rtl style cache
    // turns this left into a right in a right-to-left language).
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
});

const sidebar = { width: 248, closedWidth: 56 };

/** A brand's two colours (an account's brand, docs/decisions.md "Brands per account", or ours: BRAND). */
export interface BrandColours {
    primary: string;
    secondary: string;
}

const DARK_BACKGROUNDS = { default: '#151a21', paper: '#1d232b' };

/**
 * A brand colour shifted (lightened for the dark theme, darkened for the light one) just enough to be read as text
 * on the theme's backgrounds at 4.5:1, from `least` up, so a brand keeps as much of its colour as it can: the server
 * checks a primary colour against white, and the light theme's page is a shade off white.
 */
const readableOn = (backgrounds: string[], shift: (colour: string, by: number) => string) => (colour: string, least: number) => {
    for (let by = least; by < 1; by += 0.02) {
        const shifted = by === 0 ? colour : shift(colour, by);
        if (backgrounds.every(background => getContrastRatio(shifted, background) >= 4.5)) return shifted;
    }
    return shift(colour, 0.9);
};
const readableOnDark = readableOn([DARK_BACKGROUNDS.default, DARK_BACKGROUNDS.paper], lighten);
const readableOnLight = readableOn([defaultLightTheme.palette?.background?.default ?? '#fafafb', '#ffffff'], darken);

/** The light and the dark theme of a brand: the light one its colours as they are, the dark one tints of them. */
export const themesFor = (brand: BrandColours): { light: RaThemeOptions; dark: RaThemeOptions } => ({
    light: {
        ...defaultLightTheme,
        palette: {
            ...defaultLightTheme.palette,
            mode: 'light',
            contrastThreshold,
            primary: { main: readableOnLight(brand.primary, 0) },
            secondary: { main: brand.secondary },
        },
        sidebar,
        components: components(defaultLightTheme.components),
    },
    dark: {
        ...defaultDarkTheme,
        palette: {
            ...defaultDarkTheme.palette,
            mode: 'dark',
            contrastThreshold,
            primary: { main: readableOnDark(brand.primary, 0.6) },
            secondary: { main: readableOnDark(brand.secondary, 0.45) },
            background: DARK_BACKGROUNDS,
        },
        sidebar,
        components: components(defaultDarkTheme.components),
    },
});

const ours = themesFor(BRAND);
export const lightTheme: RaThemeOptions = ours.light;
export const darkTheme: RaThemeOptions = ours.dark;
