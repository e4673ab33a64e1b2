import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { rowInScope } from '../../http/scope';
import { findAlertRule, recipientsOf, toAlertRule, type AlertRuleRow } from './queries';

/** The rules as the route plugins of routes.ts find and show them. */
export const ruleRecords = (ctx: AppContext) => {
    /** A rule the caller may act on; rules of other tenants do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<AlertRuleRow> =>
        rowInScope(ctx.db, request, findAlertRule(ctx.db, id), 'alert rule');
    /** Rules as the API shows them, with where each address stands. */
    const records = async (rows: AlertRuleRow[]) => {
        const of = await recipientsOf(ctx.db, rows);
        return rows.map(row => toAlertRule(row, of(row)));
    };
    const record = async (row: AlertRuleRow) => (await records([row]))[0]!;
    return { visible, records, record };
};

/**
 * The answer pages' buttons post a form. Every route plugin of routes.ts takes one, as their routes did when they
 * were one plugin: a form sent to a rule's route still gets the rule's validation error, not a 415.
 */
export const acceptForms = (app: Pick<FastifyInstance, 'addContentTypeParser'>) =>
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
