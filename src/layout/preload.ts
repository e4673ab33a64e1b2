import { AppLayout } from './lazy';
import { installedPlugins } from '../plugins/installed';
import { preloadScreen } from './pluginRoutes';

/**
 * Starts fetching what a signed-in page at `pathname` shows (the layout, its
 * texts and the screen), before the session that will show it is there: at
 * start with a stored session (src/main.tsx), and as the sign-in form is
 * typed in or sent (src/pages/LoginPage.tsx). Asking again is free: each
 * file is asked for once. docs/performance.md "Console first load".
 */
export const preloadSignedIn = (pathname: string) => {
    void AppLayout.preload().catch(() => undefined);
    preloadScreen(installedPlugins(), pathname);
};
