import type { Feature } from '../../feature';
import { isPackKey } from '../../storage';
import { referencedImageKeys, referencedImagePacks } from './queries';
import { embeddedEventsMaintenance, embeddedEventsStatistics, eventPartitionsAhead, eventRetention } from './retention';
import { eventRecordRoutes, eventRoutes } from './routes';

export const eventsFeature: Feature = {
    name: 'events',
    routes: [eventRoutes, eventRecordRoutes],
    jobs: [eventRetention, eventPartitionsAhead, embeddedEventsMaintenance, embeddedEventsStatistics],
    files: [
        {
            name: 'images',
            owns: key => key.startsWith('events/'),
            // a request's images in one file (FileStorage.pack): kept while a row names any of them
            referenced: async (db, keys) =>
                new Set([
                    ...(await referencedImageKeys(
                        db,
                        keys.filter(k => !isPackKey(k)),
                    )),
                    ...(await referencedImagePacks(db, keys.filter(isPackKey))),
                ]),
        },
    ],
};
