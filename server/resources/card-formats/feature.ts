import type { Feature } from '../../feature';
import { seedPredefinedCardFormats } from './queries';
import { cardFormatRoutes } from './routes';

export const cardFormatsFeature: Feature = {
    name: 'card-formats',
    routes: [cardFormatRoutes],
    prepare: seedPredefinedCardFormats,
};
