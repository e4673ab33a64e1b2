import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';

/**
 * A screen loaded when it is first shown (DESIGN.md: every screen on demand,
 * so the first load stays small), with a progress bar meanwhile:
 * `onDemand(() => import('./UserViews').then(m => m.UserList))`.
 */
export const onDemand = <P extends object>(load: () => Promise<ComponentType<P>>) => {
    const Screen = lazy(() => load().then(component => ({ default: component })));
    const OnDemand = (props: P) => createElement(Suspense, { fallback: createElement(LinearProgress) }, createElement(Screen, props));
    return OnDemand;
};
