import type { Feature } from '../../feature';
import { qrCodeRoutes } from './routes';

export const qrcodeFeature: Feature = {
    name: 'qrcode',
    routes: [qrCodeRoutes],
};
