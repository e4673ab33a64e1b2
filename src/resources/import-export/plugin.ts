import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const ImportExportSection = onDemand(() => import('./ImportExportSection').then(m => m.ImportExportSection));

/**
 * The import/export section of the account page (SPEC 3, 6.2, 7.2): the
 * account's data out as platform_data.zip, and such a file into an account.
 */
export const importExportPlugin: ConsolePlugin = {
    key: 'import-export',
    accountSections: [
        {
            key: 'import-export',
            label: 'resources.import_export.section',
            right: ['importExport', 'write'],
            component: ImportExportSection,
        },
    ],
    messages: import.meta.glob('./messages.*.ts'),
};
