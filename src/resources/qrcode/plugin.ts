import QrCode from '@mui/icons-material/QrCode';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const QrCodePage = onDemand(() => import('./QrCodePage').then(m => m.QrCodePage));

/** SPEC 2.2 /qrcode, the QR Code Generator: reader-setup codes for the current account. */
export const qrCodePlugin: ConsolePlugin = {
    key: 'qrcode',
    routes: [{ path: '/qrcode', element: createElement(QrCodePage), routeKey: 'qrcode' }],
    menuIcons: { qrcode: QrCode },
    messages: import.meta.glob('./messages.*.ts'),
};
