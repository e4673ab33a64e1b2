import type { Feature } from '../../feature';
import { seedPredefinedCardFormats } from './queries';
import { cardFormatRoutes, cardFormatWriteRoutes } from './routes';

export const cardFormatsFeature: Feature = {
    name: 'card-formats',
    routes: [cardFormatRoutes, cardFormatWriteRoutes],
    prepare: seedPredefinedCardFormats,
};
