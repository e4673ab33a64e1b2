import type { Feature } from '../../feature';
import { firmwareKeyRoutes } from './keys';
import { referencedArtifactKeys } from './queries';
import { artifactRoutes } from './routes';

export const artifactsFeature: Feature = {
    name: 'artifacts',
    routes: [artifactRoutes, firmwareKeyRoutes],
    files: [{ name: 'artifacts', owns: key => key.startsWith('artifacts/'), referenced: referencedArtifactKeys }],
};
