import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOption } from '../../../contract/accounts';
import { errorReply, idParam } from '../../../contract/api';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { accountInScope } from '../../http/scope';
import { accountOptions } from './queries';

const tags = ['accounts'];
const errors = { 401: errorReply, 403: errorReply, 404: errorReply };

export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    // Every signed-in user needs its current account's options: they decide the feature flags (SPEC 4.1).
    app.get('/accounts/:id/options', {
        config: { access: 'signedIn' },
        schema: { tags, summary: "An account's options", params: idParam, response: { 200: z.object({ options: z.array(accountOption) }), ...errors } },
    }, async request => {
        const account = await accountInScope(ctx.db, requireAuth(request), request.params.id);
        return { options: await accountOptions(ctx.db, account.id) };
    });
};
