import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chuidSettings } from '../../../contract/acsIntegration';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { chuidOf, findIntegration, updateChuid } from './queries';
import { acsAudit, errors, tags } from './routeKit';

/** Which fields of a PIV card's CHUID identify the badge, a setting of the account's ACS integration (chuid.ts). */
export const acsChuidRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = acsAudit(ctx);

    app.get(
        '/acs-integration/chuid',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "Which fields of a PIV card's CHUID identify the badge (docs/decisions.md)",
                response: { 200: chuidSettings, ...errors },
            },
        },
        async request => chuidOf(await findIntegration(ctx.db, scopeOf(request).account.id)),
    );

    app.put(
        '/acs-integration/chuid',
        {
            config: { access: ['acsIntegration', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Change the CHUID settings of the ACS integration',
                body: chuidSettings,
                response: { 200: chuidSettings, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const row = await findIntegration(ctx.db, account.id);
            if (!row) throw conflict('Save the ACS integration first');
            const chuid = request.body;
            const after = chuidOf(await updateChuid(ctx.db, row.id, chuid));
            await audit(request, 'update', account.id, 'ACS CHUID settings', row.id, chuidOf(row), after);
            return after;
        },
    );
};
