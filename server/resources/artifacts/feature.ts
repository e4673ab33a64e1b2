import multipart from '@fastify/multipart';
import { artifactUploads } from './routeHelpers';
import type { Feature } from '../../feature';
import { firmwareKeyRoutes } from './keys';
import { referencedArtifactKeys } from './queries';
import { artifactRoutes, artifactWriteRoutes } from './routes';

export const artifactsFeature: Feature = {
    name: 'artifacts',
    routes: [
        { bodies: (scope, ctx) => scope.register(multipart, artifactUploads(ctx)), plugins: [artifactRoutes, artifactWriteRoutes] },
        firmwareKeyRoutes,
    ],
    files: [{ name: 'artifacts', owns: key => key.startsWith('artifacts/'), referenced: referencedArtifactKeys }],
};
