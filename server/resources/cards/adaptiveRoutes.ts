import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adaptiveBulkInput } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { recordAudits } from '../../http/audit';
import { HttpError } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { unlistEntries } from './listQueries';
import { access, addToList, errors, LISTS, tags } from './routeHelpers';

/** The adaptive two-factor list changed many badges at once (SPEC 2.2 /adaptive). */
export const adaptiveBulkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/cards/adaptive/bulk',
        {
            config: access('adaptive', 'write', 'account'),
            schema: {
                tags,
                summary: 'Add badges to and take entries out of the adaptive two-factor list at once; each badge refused says why',
                body: adaptiveBulkInput,
                response: {
                    200: z.object({
                        added: z.number().int(),
                        removed: z.number().int(),
                        refused: z.array(z.object({ index: z.number().int(), reason: z.string() })),
                    }),
                    ...errors,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const refused: { index: number; reason: string }[] = [];
            let added = 0;
            for (const [index, card] of request.body.add.entries()) {
                try {
                    await addToList(ctx, request, account.id, 'adaptive', card);
                    added++;
                } catch (error) {
                    if (!(error instanceof HttpError)) throw error;
                    refused.push({ index, reason: Object.values(error.fields ?? {})[0] ?? error.message });
                }
            }
            const removed = await unlistEntries(ctx.db, account.id, 'adaptive', request.body.remove);
            await recordAudits(
                ctx.db,
                request,
                removed.map(id => ({
                    action: 'delete' as const,
                    resource: 'adaptive' as const,
                    entity: LISTS.adaptive.entity,
                    entity_id: id,
                    account_id: account.id,
                })),
            );
            return { added, removed: removed.length, refused };
        },
    );
};
