import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const SearchPage = onDemand(() => import('./SearchPage').then(m => m.SearchPage));
const SearchBox = onDemand(() => import('./SearchBox').then(m => m.SearchBox), { fallback: 'nothing' });

/** SPEC 2.2 /search: one box in the app bar finds accounts, users, readers, people and firmware in the caller's reach. */
export const searchPlugin: ConsolePlugin = {
    key: 'search',
    routes: [{ path: '/search', routeKey: 'search', element: createElement(SearchPage) }],
    appBar: [SearchBox],
    messages: import.meta.glob('./messages.*.ts'),
};
