import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { rowInScope } from '../../http/scope';
import { findCardFormat, type CardFormatRow } from './queries';

/** How the card format route plugins of routes.ts find the format a request names. */
export const cardFormatLookups = (ctx: AppContext) => {
    /** A format the caller may see: predefined ones everywhere, custom ones of accounts in scope; else 404. */
    const visible = async (request: FastifyRequest, id: number): Promise<CardFormatRow> => {
        const row = await findCardFormat(ctx.db, id);
        if (!row) throw notFound('card format');
        if (row.account_id !== null) await rowInScope(ctx.db, request, Promise.resolve({ account_id: row.account_id }), 'card format');
        return row;
    };
    const custom = async (request: FastifyRequest, id: number) => {
        const row = await visible(request, id);
        if (row.type === 'predefined') throw conflict('Predefined card formats cannot be changed or deleted.');
        return row;
    };
    return { visible, custom };
};
