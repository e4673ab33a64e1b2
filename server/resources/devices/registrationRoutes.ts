import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationCodeReply } from '../../../contract/devices';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';
import { scopeOf } from '../../http/scope';
import { registrationCode, resetRegistrationCode } from './queries';
import { newRegistrationCode } from './registration';
import { errors, tags } from './routeKit';

/** The code installers enter on a reader so that it registers in an account (approval is approvalRoutes.ts). */
export const registrationCodeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/devices/registration_code',
        {
            config: { access: ['devices', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'The code an installer enters on a reader so that it registers in the current account',
                response: {
                    200: registrationCodeReply,
                    ...errors,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            return {
                account_id: account.id,
                account_name: account.name,
                code: await registrationCode(ctx.db, account.id, newRegistrationCode),
                url: ctx.config.publicUrl,
            };
        },
    );

    app.put(
        '/devices/registration_code',
        {
            config: { access: ['devices', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Replace the registration code of the current account (readers already registered are not affected)',
                body: z.object({}),
                response: {
                    200: registrationCodeReply,
                    ...errors,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const code = await resetRegistrationCode(ctx.db, account.id, newRegistrationCode());
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'devices',
                entity: 'Device registration code',
                entity_id: account.id,
                account_id: account.id,
            });
            return { account_id: account.id, account_name: account.name, code, url: ctx.config.publicUrl };
        },
    );
};
