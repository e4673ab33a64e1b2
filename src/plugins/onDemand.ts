import { createElement, useEffect, useState, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';

/**
 * A screen loaded when it is first shown (DESIGN.md: every screen on demand,
 * so the first load stays small), with a progress bar meanwhile:
 * `onDemand(() => import('./UserViews').then(m => m.UserList))`; a piece of
 * a bar rather than a screen shows nothing meanwhile (`fallback: 'nothing'`).
 *
 * Not React.lazy: a screen revealed through Suspense is held back up to
 * 300 ms by React, on every first visit; here it shows as soon as its code
 * has arrived, and at once when it is already here (or preloaded).
 */
export const onDemand = <P extends object>(load: () => Promise<ComponentType<P>>, options: { fallback?: 'progress' | 'nothing' } = {}) => {
    let loading: Promise<ComponentType<P>> | undefined;
    let loaded: ComponentType<P> | undefined;
    const preload = () =>
        (loading ??= load().then(
            component => (loaded = component),
            error => {
                // a failed download may be tried again on the next visit
                loading = undefined;
                throw error;
            },
        ));
    const OnDemand = (props: P) => {
        const [screen, setScreen] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({ component: loaded }));
        useEffect(() => {
            if (screen.component) return;
            let live = true;
            preload().then(
                component => live && setScreen({ component }),
                (error: unknown) => live && setScreen({ error }),
            );
            return () => {
                live = false;
            };
        }, [screen.component]);
        // the error page (react-admin's error boundary) tells of a screen that could not be downloaded
        if (screen.error) throw screen.error;
        return screen.component
            ? createElement(screen.component, props)
            : options.fallback === 'nothing'
              ? null
              : createElement(LinearProgress);
    };
    /** starts fetching the screen's code now (the page opened at start, src/layout/pluginRoutes.tsx) */
    OnDemand.preload = preload;
    return OnDemand;
};

/** Starts fetching an onDemand component's code; anything else has nothing to fetch. */
export const preloadComponent = (component: unknown) => (component as { preload?: () => Promise<unknown> } | undefined)?.preload?.();
