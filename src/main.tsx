import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getSession } from './session/sessionCache';
import { features } from './features';
import { installPlugins } from './plugins/installed';
import { preloadScreen } from './layout/pluginRoutes';
import { preloadSignedIn } from './layout/preload';
import { tokens } from './dataProvider/tokens';
import { startInBrowserLocale } from './session/store';

installPlugins(features);

// SPEC 4.1: any old service worker is unregistered at start.
void navigator.serviceWorker?.getRegistrations?.().then(list => list.forEach(r => void r.unregister()));

// What the first page needs starts loading with the console's own code, not after its first render: the session, the layout and the screen.
if (tokens.access) {
    void getSession().catch(() => undefined);
    preloadSignedIn(window.location.pathname);
} else preloadScreen(features, window.location.pathname);
startInBrowserLocale();

createRoot(document.getElementById('root')!).render(
    <StrictMode>
        <App />
    </StrictMode>,
);
