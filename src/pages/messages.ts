import type { Messages } from '../plugins/types';

/** Texts of the screens outside the layout: sign-in, 2FA, reset password, errors. */
export const pageMessages: { en: Messages; fr: Messages } = {
    en: { pages: {} },
    fr: { pages: {} },
};
