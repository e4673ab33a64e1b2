import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// SPEC 4.1: any old service worker is unregistered at start.
void navigator.serviceWorker?.getRegistrations?.().then(list => list.forEach(r => void r.unregister()));

createRoot(document.getElementById('root')!).render(
    <StrictMode>
        <App />
    </StrictMode>,
);
