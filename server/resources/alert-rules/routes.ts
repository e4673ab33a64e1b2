import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ALERT_RULE_MESSAGES, alertRuleInput, alertRuleRecord } from '../../../contract/alertRules';
import { errorReply, idParam, listReply } from '../../../contract/api';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { validationError } from '../../http/errors';
import { listParams } from '../../http/lists';
import { isCrossAccount, reachesDescendants, requestAccount, scopePath, rowInScope } from '../../http/scope';
import { auditTrail } from '../audit-logs/record';
import {
    deleteAlertRule,
    findAlertRule,
    idsOfAccount,
    insertAlertRule,
    listAlertRules,
    toAlertRule,
    updateAlertRule,
    type AlertRuleRow,
} from './queries';

const tags = ['alert rules'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/**
 * Issue 15, alert rules: which events of an account are mailed to whom and
 * how. Staff from moderators up manage their account's rules, managers read
 * them (contract/rights.ts); the job in jobs.ts sends the mails.
 */
export const alertRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** A rule the caller may act on; rules of other tenants do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<AlertRuleRow> =>
        rowInScope(ctx.db, request, findAlertRule(ctx.db, id), 'alert rule');
    const audit = auditTrail(ctx.db, 'alertRules', 'Alert rule');

    /** The body checked against the rule's account: its users, devices and groups, and at least one recipient. */
    const checked = async (accountId: number, body: z.output<typeof alertRuleInput>) => {
        const fields: Record<string, string> = {};
        const userIds = [...new Set(body.user_ids)];
        const deviceIds = [...new Set(body.device_ids)];
        const groupIds = [...new Set(body.access_group_ids)];
        const webhookIds = [...new Set(body.webhook_ids)];
        if ((await idsOfAccount(ctx.db, 'users', accountId, userIds)).length !== userIds.length)
            fields.user_ids = ALERT_RULE_MESSAGES.unknownUsers;
        if ((await idsOfAccount(ctx.db, 'devices', accountId, deviceIds)).length !== deviceIds.length)
            fields.device_ids = ALERT_RULE_MESSAGES.foreignDevices;
        if ((await idsOfAccount(ctx.db, 'accessGroups', accountId, groupIds)).length !== groupIds.length)
            fields.access_group_ids = ALERT_RULE_MESSAGES.foreignGroups;
        if ((await idsOfAccount(ctx.db, 'webhooks', accountId, webhookIds)).length !== webhookIds.length)
            fields.webhook_ids = ALERT_RULE_MESSAGES.foreignWebhooks;
        if (Object.keys(fields).length) throw validationError(fields);
        return {
            name: body.name,
            enabled: body.enabled,
            event_types: [...new Set(body.event_types)],
            event_groups: [...new Set(body.event_groups)],
            device_ids: deviceIds,
            access_group_ids: groupIds,
            user_ids: userIds,
            emails: [...new Set(body.emails.map(e => e.toLowerCase()))],
            webhook_ids: webhookIds,
            delivery: body.delivery,
            digest_period: body.delivery === 'digest' ? (body.digest_period ?? null) : null,
        };
    };

    app.get(
        '/alert_rules',
        {
            config: { access: ['alertRules', 'read'] },
            schema: {
                tags,
                summary: 'Alert rules of the current account (cross_account=true: of every account in scope), by name',
                querystring: z.object(listParams()),
                response: { 200: listReply(alertRuleRecord), ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const scope = isCrossAccount(request)
                ? reachesDescendants(auth)
                    ? { pathPrefix: scopePath(auth) }
                    : { accountId: auth.account.id }
                : { accountId: (await requestAccount(ctx.db, request)).id };
            const { result, count } = await listAlertRules(ctx.db, scope, request.query);
            return { result: result.map(toAlertRule), count };
        },
    );

    app.get(
        '/alert_rules/:id',
        {
            config: { access: ['alertRules', 'read'] },
            schema: { tags, summary: 'One alert rule', params: idParam, response: { 200: alertRuleRecord, ...errors } },
        },
        async request => toAlertRule(await visible(request, request.params.id)),
    );

    app.post(
        '/alert_rules',
        {
            config: { access: ['alertRules', 'write'] },
            schema: {
                tags,
                summary: 'Create an alert rule; events from now on that match it are mailed',
                body: alertRuleInput,
                response: { 201: alertRuleRecord, ...errors },
            },
        },
        async (request, reply) => {
            const account = await requestAccount(ctx.db, request);
            const values = await checked(account.id, request.body);
            const now = ctx.now();
            const row = await insertAlertRule(ctx.db, { ...values, account_id: account.id, created_at: now, updated_at: now });
            const created = toAlertRule(row);
            await audit(request, 'create', row, undefined, created);
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/alert_rules/:id',
        {
            config: { access: ['alertRules', 'write'] },
            schema: {
                tags,
                summary: 'Change an alert rule (its account stays)',
                params: idParam,
                body: alertRuleInput,
                response: { 200: alertRuleRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const values = await checked(before.account_id, request.body);
            const after = toAlertRule(await updateAlertRule(ctx.db, before.id, { ...values, updated_at: ctx.now() }));
            await audit(request, 'update', before, toAlertRule(before), after);
            return after;
        },
    );

    app.delete(
        '/alert_rules/:id',
        {
            config: { access: ['alertRules', 'delete'] },
            schema: {
                tags,
                summary: 'Delete an alert rule and what it had not mailed yet',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const rule = await visible(request, request.params.id);
            await deleteAlertRule(ctx.db, rule.id);
            await audit(request, 'delete', rule, toAlertRule(rule));
            return reply.status(204).send(null);
        },
    );
};
