import { lazy, Suspense, createElement } from 'react';
import Security from '@mui/icons-material/Security';
import type { ConsolePlugin } from '../../plugins/types';
import { eventMessages } from './messages';

// Loaded when the screen is first opened (DESIGN.md: every screen on demand).
const LazyEventList = lazy(() => import('./EventList').then(m => ({ default: m.EventList })));
const EventList = () => createElement(Suspense, { fallback: null }, createElement(LazyEventList));

export const eventsPlugin: ConsolePlugin = {
    key: 'events',
    resources: [{ name: 'events', right: 'events', routeKey: 'events', list: EventList, icon: Security }],
    menu: ['events'],
    messages: eventMessages,
};
