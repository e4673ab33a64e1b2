import Contactless from '@mui/icons-material/Contactless';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const ReaderList = onDemand(() => import('./ReaderList').then(m => m.ReaderList));

/** Readers (SPEC 2.2 /readers): SPEC 6.2 has no row for them; they go with the devices rights, and the route rule of SPEC 6.3. */
export const readersPlugin: ConsolePlugin = {
    key: 'readers',
    resources: [
        {
            name: 'readers',
            right: 'devices',
            routeKey: 'readers',
            list: ReaderList,
            icon: Contactless,
            recordRepresentation: 'description',
        },
    ],
    menuIcons: { readers: Contactless },
    messages: import.meta.glob('./messages.*.ts'),
};
