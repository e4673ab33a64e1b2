import multipart from '@fastify/multipart';
import type { Feature } from '../../feature';
import { referencedLogoKeys } from './queries';
import { LOGO_MAX_BYTES, logoRoutes } from './logoRoutes';
import { brandingRoutes } from './routes';

export const brandingFeature: Feature = {
    name: 'branding',
    routes: [
        {
            // the logo is one file; one byte over its limit tells a logo too large from one just at it
            bodies: scope =>
                scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 100, parts: 3 } }),
            plugins: [brandingRoutes, logoRoutes],
        },
    ],
    files: [{ name: 'logos', owns: key => key.startsWith('branding/'), referenced: referencedLogoKeys }],
};
