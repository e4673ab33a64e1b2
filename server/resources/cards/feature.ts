import type { Feature } from '../../feature';
import { cardRoutes } from './routes';

export const cardsFeature: Feature = {
    name: 'cards',
    routes: [cardRoutes],
};
