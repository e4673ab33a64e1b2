import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer, dashboard. */
export const layoutMessages: { en: Messages; fr: Messages } = {
    en: { layout: {} },
    fr: { layout: {} },
};
