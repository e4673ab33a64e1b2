import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { qrCodeInput, readerSetupText } from '../../../contract/qrcode';
import type { AppContext } from '../../context';
import { scopeOf } from '../../http/scope';
import { registrationCode } from '../devices';
import { newRegistrationCode } from '../devices';

/**
 * POST /qrcode: the reader-setup QR code of the current account, as SVG or
 * PNG. It carries the account's registration code, so it takes the right to
 * register readers there (devices write), which SPEC 6.3's route rule
 * matches (denied to manager and user).
 */
export const qrCodeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/qrcode',
        {
            config: { access: ['devices', 'write'], scope: 'account' },
            schema: {
                tags: ['devices'],
                summary: 'A reader-setup QR code for the current account: platform address, registration code, optional Wi-Fi',
                body: qrCodeInput,
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const { format, size, wifi } = request.body;
            const text = readerSetupText({
                v: 1,
                platform_url: ctx.config.publicUrl,
                registration_code: await registrationCode(ctx.db, account.id, newRegistrationCode),
                account: account.name,
                ...(wifi
                    ? {
                          wifi: {
                              ssid: wifi.ssid,
                              security: wifi.security,
                              ...(wifi.security !== 'nopass' && wifi.password ? { password: wifi.password } : {}),
                          },
                      }
                    : {}),
            });
            reply.header('Cache-Control', 'no-store');
            if (format === 'png')
                return reply
                    .type('image/png')
                    .send(await QRCode.toBuffer(text, { type: 'png', width: size, errorCorrectionLevel: 'M', margin: 2 }));
            return reply.type('image/svg+xml').send(await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
        },
    );
};
