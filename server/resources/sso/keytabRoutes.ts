import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errorReply, idParam } from '../../../contract/api';
import { KEYTAB_MAX_BYTES, keytabInfo, SSO_MESSAGES } from '../../../contract/sso';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { badRequest, HttpError, notFound, validationError } from '../../http/errors';
import { providerOf, setKeytab } from './queries';
import { errors, keytabOf, ssoLookups, tags } from './routeHelpers';

/** A keytab (MIT format) starts with 0x05 then version 0x01 or 0x02. */
const isKeytab = (data: Buffer) => data.length >= 2 && data[0] === 0x05 && (data[1] === 0x01 || data[1] === 0x02);

const readBounded = async (stream: AsyncIterable<Buffer>, max: number) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
        size += chunk.length;
        if (size > max) return undefined;
        chunks.push(chunk);
    }
    return Buffer.concat(chunks);
};

/** The directory's keytab: stored as a file, only its name, size and date come back. */
export const ssoKeytabRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { audit, mainOnly } = ssoLookups(ctx);

    app.post(
        '/accounts/:id/identity_providers/keytab',
        {
            config: { access: ['sso', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: `Upload the directory's keytab (multipart, field "file", at most ${KEYTAB_MAX_BYTES / 1024} KB); it is never sent back`,
                consumes: ['multipart/form-data'],
                params: idParam,
                response: { 200: keytabInfo, ...errors, 413: errorReply },
            },
        },
        async request => {
            const account = await mainOnly(request);
            const provider = await providerOf(ctx.db, account.id);
            if (provider?.kind !== 'directory') throw badRequest(SSO_MESSAGES.keytabDirectoryOnly);
            if (!request.isMultipart()) throw validationError({ file: SSO_MESSAGES.keytabFile });
            let stored: { key: string; name: string; size: number } | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') continue;
                if (part.fieldname !== 'file' || stored) {
                    part.file.resume();
                    throw validationError({ file: SSO_MESSAGES.keytabFile });
                }
                const data = await readBounded(part.file, KEYTAB_MAX_BYTES);
                if (!data) throw new HttpError(413, SSO_MESSAGES.keytabTooLarge);
                if (!isKeytab(data)) throw validationError({ file: SSO_MESSAGES.keytabInvalid });
                stored = {
                    key: `sso/${account.id}/${randomUUID()}.keytab`,
                    name: (part.filename || 'krb5.keytab').slice(0, 255),
                    size: data.length,
                };
                await ctx.storage.put(stored.key, data);
            }
            if (!stored) throw validationError({ file: SSO_MESSAGES.keytabFile });
            const previous = await setKeytab(ctx.db, account.id, stored, requireAuth(request).user.name);
            if (previous) await ctx.storage.delete(previous).catch(() => undefined);
            const row = (await providerOf(ctx.db, account.id))!;
            await audit(request, 'update', { id: account.id, account_id: account.id }, undefined, { keytab: keytabOf(row) }, 'Keytab');
            return keytabOf(row)!;
        },
    );

    app.get(
        '/accounts/:id/identity_providers/keytab',
        {
            config: { access: ['sso', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: "The keytab's name, size and upload time (never its content)",
                params: idParam,
                response: { 200: keytabInfo, ...errors },
            },
        },
        async request => {
            const account = await mainOnly(request);
            const row = await providerOf(ctx.db, account.id);
            const keytab = row && keytabOf(row);
            if (!keytab) throw notFound('keytab');
            return keytab;
        },
    );

    app.delete(
        '/accounts/:id/identity_providers/keytab',
        {
            config: { access: ['sso', 'write'], scope: 'account' },
            schema: { tags, summary: 'Remove the keytab', params: idParam, response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
            const account = await mainOnly(request);
            const row = await providerOf(ctx.db, account.id);
            const before = row && keytabOf(row);
            if (!before) throw notFound('keytab');
            const previous = await setKeytab(ctx.db, account.id, null, requireAuth(request).user.name);
            if (previous) await ctx.storage.delete(previous).catch(() => undefined);
            await audit(request, 'delete', { id: account.id, account_id: account.id }, { keytab: before }, undefined, 'Keytab');
            return reply.status(204).send(null);
        },
    );
};
