import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply } from '../../../contract/api';
import { diskStatus } from '../../../contract/system';
import type { AppContext } from '../../context';

/**
 * GET /system/disk for every signed-in user: the console shows everyone a
 * notice while the disk is short, since their saves are refused (507).
 */
export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/system/disk',
        {
            config: { access: 'signedIn', scope: 'none' },
            schema: {
                tags: ['system'],
                summary: 'Free space against the reserve: whether writes and event images are refused',
                response: { 200: diskStatus, 401: errorReply },
            },
        },
        async () => {
            const volume = ctx.disk.tightest();
            return { low: ctx.disk.low(), images_paused: ctx.disk.imagesPaused(), ...volume };
        },
    );
};
