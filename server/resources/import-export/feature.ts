import type { Feature } from '../../feature';
import { EXPORTS_PREFIX } from './queries';
import { importExportRoutes } from './routes';

export const importExportFeature: Feature = {
    name: 'import-export',
    routes: [importExportRoutes],
    files: [{ name: 'exports', owns: key => key.startsWith(EXPORTS_PREFIX), keptMs: 24 * 3_600_000 }],
};
