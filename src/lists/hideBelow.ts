import type { Breakpoint, Theme } from '@mui/material/styles';

/**
 * The `sx` of a react-admin Datagrid that hides columns on narrow screens: each breakpoint names the columns (their
 * `source`, the class `column-<source>` react-admin gives the header and every cell) shown only from that width up.
 * Merge it with the grid's own: `sx={[ownSx, hideBelow({ md: ['serial'], sm: ['model', 'firmware'] })]}`.
 */
export const hideBelow =
    (columns: Partial<Record<Breakpoint, readonly string[]>>) =>
    (theme: Theme): Record<string, Record<string, { display: 'none' }>> =>
        Object.fromEntries(
            Object.entries(columns).map(([breakpoint, sources]) => [
                theme.breakpoints.down(breakpoint as Breakpoint),
                Object.fromEntries((sources ?? []).map(source => [`& .column-${cssClass(source)}`, { display: 'none' as const }])),
            ]),
        );

// react-admin writes the source into the class as it is; a nested source ('account.name') needs its dot escaped.
const cssClass = (source: string) => source.replace(/[^\w-]/g, c => `\\${c}`);
