import { createElement, lazy } from 'react';
import type { ConsolePlugin } from '../../plugins/types';
import { qrCodeMessages } from './messages';

const QrCodePage = lazy(() => import('./QrCodePage').then(m => ({ default: m.QrCodePage })));

/** SPEC 2.2 /qrcode, the QR Code Generator: reader-setup codes for the current account. */
export const qrCodePlugin: ConsolePlugin = {
    key: 'qrcode',
    routes: [{ path: '/qrcode', element: createElement(QrCodePage), routeKey: 'qrcode' }],
    menu: ['qrcode'],
    messages: qrCodeMessages,
};
