import { useSyncExternalStore } from 'react';
import createCache from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

import { directionOf } from '../../contract/constants';

export { directionOf };
export type Direction = ReturnType<typeof directionOf>;

let current: Direction = 'ltr';
const listeners = new Set<() => void>();

/**
 * The page follows the language it shows: `lang` for the browser's fonts, hyphenation and screen readers, `dir` for
 * the text and the layout. Called by the i18n provider with each language it loads (src/i18n/index.ts).
 */
export const setPageLanguage = (locale: string) => {
    document.documentElement.lang = locale;
    const direction = directionOf(locale);
    document.documentElement.dir = direction;
    if (direction === current) return;
    current = direction;
    for (const listener of listeners) listener();
};

/** The page's direction, re-rendering when a language of the other direction is chosen. */
export const useDirection = (): Direction =>
    useSyncExternalStore(
        listener => {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
        () => current,
    );

/**
 * Emotion caches for MUI's styles: right to left, the rtl plugin mirrors every left and right of the CSS (margins,
 * paddings, positions, borders) as MUI's guide says. No vendor prefixer: the browsers we serve need none.
 */
export const styleCaches: Record<Direction, ReturnType<typeof createCache>> = {
    ltr: createCache({ key: 'mui' }),
    rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }),
};
