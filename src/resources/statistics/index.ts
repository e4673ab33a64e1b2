import { createElement, lazy, Suspense } from 'react';
import type { ConsolePlugin } from '../../plugins/types';
import { statisticsMessages } from './messages';

// The charts load when the screen is first opened (DESIGN.md: every screen on demand).
const LazyStatisticsPage = lazy(() => import('./StatisticsPage').then(m => ({ default: m.StatisticsPage })));

export const statisticsPlugin: ConsolePlugin = {
    key: 'statistics',
    // SPEC 2.2 /statistics [statistics]; SPEC 6.3 denies it to manager and user
    routes: [{ path: '/statistics', routeKey: 'statistics', element: createElement(Suspense, { fallback: null }, createElement(LazyStatisticsPage)) }],
    menu: ['statistics'],
    messages: statisticsMessages,
};
