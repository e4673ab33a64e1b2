import multipart from '@fastify/multipart';
import { MULTIPART_OPTIONS } from './routeHelpers';
import type { Feature } from '../../feature';
import { adaptiveBulkRoutes } from './adaptiveRoutes';
import { cardListRoutes } from './listRoutes';
import { optOutImportRoutes } from './optOutRoutes';
import { cardRoutes } from './routes';
import { visitorRangeRoutes } from './visitorRangeRoutes';
import { visitorRoutes } from './visitorRoutes';

export const cardsFeature: Feature = {
    name: 'cards',
    // The OpenAPI document lists the paths in the order they are registered.
    routes: [
        {
            bodies: scope => scope.register(multipart, MULTIPART_OPTIONS),
            plugins: [cardListRoutes, adaptiveBulkRoutes, optOutImportRoutes, cardRoutes, visitorRangeRoutes, visitorRoutes],
        },
    ],
};
