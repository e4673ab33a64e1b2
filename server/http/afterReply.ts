import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
    interface FastifyInstance {
        /**
         * Runs work once the reply is on its way, so that how long the reply
         * takes tells nothing of what the work found (a reset mail for an
         * address that exists). A failure is logged; closing waits for it.
         */
        afterReply(request: FastifyRequest, work: () => Promise<unknown>): void;
        /** resolves when the work started by afterReply has finished */
        afterReplySettled(): Promise<void>;
    }
}

export const afterReplyPlugin = fp(async (app: FastifyInstance) => {
    const running = new Set<Promise<unknown>>();
    app.decorate('afterReply', (request: FastifyRequest, work: () => Promise<unknown>) => {
        const run: Promise<unknown> = new Promise(resolve => setImmediate(resolve))
            .then(work)
            .catch(error => request.log.error({ err: error }, 'work after the reply failed'))
            .finally(() => running.delete(run));
        running.add(run);
    });
    const settled = async () => {
        while (running.size) await Promise.allSettled([...running]);
    };
    app.decorate('afterReplySettled', settled);
    app.addHook('onClose', settled);
});
