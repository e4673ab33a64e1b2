import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATION_VALID_DAYS,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_MESSAGES,
    alertConfirmationInput,
    alertRuleInput,
    alertRuleRecord,
} from '../../../contract/alertRules';
import { errorReply, idParam, listReply } from '../../../contract/api';
import type { AppContext } from '../../context';
import { conflict, HttpError, tooMany, validationError } from '../../http/errors';
import { listParams } from '../../http/lists';
import { rowRoutes } from '../../http/rowRoutes';
import { scopeOf } from '../../http/scope';
import { auditTrail } from '../../http/audit';
import { answerPage, askedBy } from './pages';
import { answerAddress, askAgain, deleteAlertRule, findAddressByNonce, idsOfAccount, listAlertRules, saveAlertRule } from './queries';
import { ruleRecords } from './routeHelpers';
import { readAlertAddressToken } from './tokens';

const tags = ['alert rules'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };
const tokenParam = z.object({ token: z.string().max(200) });
const ANSWER_RATE = { max: 30, timeWindow: '1 minute' };

/**
 * Alert rules: which events of an account are mailed to whom and how. Staff
 * from moderators up manage their account's rules, managers read them
 * (contract/rights.ts); the job in jobs.ts sends the mails. Reading them here,
 * changing them in alertRuleWriteRoutes.
 */
export const alertRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible, records, record } = ruleRecords(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: alertRuleRecord, record });

    app.get(
        '/alert_rules',
        {
            config: { access: ['alertRules', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'Alert rules of the current account (cross_account=true: of every account in scope), by name',
                querystring: z.object(listParams()),
                response: { 200: listReply(alertRuleRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listAlertRules(ctx.db, scopeOf(request).accounts, request.query);
            return { result: await records(result), count };
        },
    );

    rows.get('/alert_rules/:id', ['alertRules', 'read'], 'One alert rule');
};

/** Creating, changing and deleting alert rules, and asking an address again. */
export const alertRuleWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible, record } = ruleRecords(ctx);
    const audit = auditTrail(ctx.db, 'alertRules', 'Alert rule');
    const rows = rowRoutes(app, { tags, errors, visible, reply: alertRuleRecord, record, audit });
    /** Saves a rule and asks its new outside addresses; the account's daily cap of confirmation mails refuses the save. */
    const save = async (id: number | undefined, values: Parameters<typeof saveAlertRule>[1]['values']) => {
        const row = await saveAlertRule(ctx.db, { id, values, now: ctx.now(), perDay: ALERT_CONFIRMATIONS_PER_DAY });
        if (!row) throw validationError({ emails: ALERT_RULE_MESSAGES.confirmationsPerDay });
        return row;
    };

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

    app.post(
        '/alert_rules',
        {
            config: { access: ['alertRules', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    'Create an alert rule; events from now on that match it are mailed to its users, and to each of its other addresses once it confirmed by the link of the mail that asks it',
                body: alertRuleInput,
                response: { 201: alertRuleRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const values = await checked(account.id, request.body);
            const now = ctx.now();
            const row = await save(undefined, { ...values, account_id: account.id, created_at: now, updated_at: now });
            const created = await record(row);
            await audit(request, 'create', row, undefined, created);
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/alert_rules/:id',
        {
            config: { access: ['alertRules', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Change an alert rule (its account stays; an address that stays keeps whether it confirmed)',
                params: idParam,
                body: alertRuleInput,
                response: { 200: alertRuleRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const values = await checked(before.account_id, request.body);
            const earlier = await record(before);
            const after = await record(await save(before.id, { ...values, account_id: before.account_id, updated_at: ctx.now() }));
            await audit(request, 'update', before, earlier, after);
            return after;
        },
    );

    rows.delete('/alert_rules/:id', ['alertRules', 'delete'], 'Delete an alert rule and what it had not mailed yet', rule =>
        deleteAlertRule(ctx.db, rule.id),
    );

    app.post(
        '/alert_rules/:id/confirmations',
        {
            config: { access: ['alertRules', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: `Send an address of the rule that has not confirmed its confirmation mail again (${ALERT_CONFIRMATION_RESEND_MINUTES} minutes apart at most, within the account's daily cap)`,
                params: idParam,
                body: alertConfirmationInput,
                response: { 200: alertRuleRecord, 409: errorReply, 429: errorReply, ...errors },
            },
        },
        async request => {
            const rule = await visible(request, request.params.id);
            const earlier = await record(rule);
            const outcome = await askAgain(ctx.db, {
                rule,
                email: request.body.email,
                now: ctx.now(),
                againAfterMs: ALERT_CONFIRMATION_RESEND_MINUTES * 60_000,
                perDay: ALERT_CONFIRMATIONS_PER_DAY,
            });
            if (outcome === 'unknown') throw validationError({ email: ALERT_RULE_MESSAGES.unknownAddress });
            if (outcome === 'notWaiting') throw conflict(ALERT_RULE_MESSAGES.notWaiting);
            if (outcome === 'tooSoon') throw tooMany(ALERT_RULE_MESSAGES.resendTooSoon);
            if (outcome === 'overCap') throw tooMany(ALERT_RULE_MESSAGES.confirmationsPerDay);
            const after = await record(rule);
            await audit(request, 'update', rule, earlier, after);
            return after;
        },
    );
};

/** An outside address answers its confirmation mail (no sign-in: the link's token is the proof). */
export const alertAddressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** The address a link names, or a page saying the link is no good (a wrong, forged or replaced token). */
    const addressOf = async (token: string) => {
        const claim = readAlertAddressToken(ctx.signer, token);
        const address = claim && (await findAddressByNonce(ctx.db, claim.id, claim.nonce));
        return address && claim ? { ...address, nonce: claim.nonce } : undefined;
    };
    /**
     * A page for a browser; a refusal (4xx) to any other client is the API's
     * usual {error, request_id}, with the page's title as the error.
     */
    const html = (request: FastifyRequest, reply: FastifyReply, status: number, page: Parameters<typeof answerPage>[0]) => {
        if (status >= 400 && !/\btext\/html\b/.test(request.headers.accept ?? '')) throw new HttpError(status, `${page.title}.`);
        return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(answerPage(page));
    };
    const invalid = (request: FastifyRequest, reply: FastifyReply) =>
        html(request, reply, 404, {
            title: 'This link does not work',
            lines: ['It is not a link of ours, or a newer confirmation mail replaced it. Use the link of the latest mail.'],
        });
    const expired = (a: { asked_at: Date | null }) =>
        !a.asked_at || a.asked_at.getTime() + ALERT_CONFIRMATION_VALID_DAYS * 24 * 3600_000 < ctx.now().getTime();
    const settled = (request: FastifyRequest, reply: FastifyReply, a: { state: string; account_name: string; rule_name: string }) =>
        a.state === 'confirmed'
            ? html(request, reply, 200, {
                  title: 'Alerts confirmed',
                  lines: [askedBy(a), 'This address receives those alerts. Each alert mail has a link to stop them.'],
              })
            : html(request, reply, 200, {
                  title: 'Alerts refused',
                  lines: [askedBy(a), 'This address receives nothing more from that rule.'],
              });
    const page = {
        config: { access: 'public' as const, rateLimit: ANSWER_RATE },
        schema: { tags, params: tokenParam, produces: ['text/html'] },
    };

    app.get(
        '/alert_addresses/:token/confirm',
        { ...page, schema: { ...page.schema, summary: 'The page of a confirmation mail’s confirm link: the question and its button' } },
        async (request, reply) => {
            const a = await addressOf(request.params.token);
            if (!a) return invalid(request, reply);
            if (a.state !== 'waiting') return settled(request, reply, a);
            if (expired(a))
                return html(request, reply, 410, {
                    title: 'This link has expired',
                    lines: [
                        askedBy(a),
                        `Its link worked for ${ALERT_CONFIRMATION_VALID_DAYS} days; ask them to send the confirmation again.`,
                    ],
                });
            return html(request, reply, 200, {
                title: 'Receive these alerts?',
                lines: [askedBy(a), 'Nothing is sent to this address unless you confirm.'],
                button: 'Confirm',
            });
        },
    );

    app.post(
        '/alert_addresses/:token/confirm',
        { ...page, schema: { ...page.schema, summary: 'Confirm: the address receives the rule’s alerts from now on' } },
        async (request, reply) => {
            const a = await addressOf(request.params.token);
            if (!a) return invalid(request, reply);
            if (a.state === 'waiting' && !expired(a)) await answerAddress(ctx.db, a.id, a.nonce, ['waiting'], 'confirmed', ctx.now());
            const now = await addressOf(request.params.token);
            if (!now) return invalid(request, reply);
            if (now.state === 'waiting') return html(request, reply, 410, { title: 'This link has expired', lines: [askedBy(now)] });
            return settled(request, reply, now);
        },
    );

    app.get(
        '/alert_addresses/:token/refuse',
        { ...page, schema: { ...page.schema, summary: 'The page of a refuse link (in the confirmation mail and every alert mail)' } },
        async (request, reply) => {
            const a = await addressOf(request.params.token);
            if (!a) return invalid(request, reply);
            if (a.state === 'refused') return settled(request, reply, a);
            return html(request, reply, 200, {
                title: 'Stop these alerts?',
                lines: [askedBy(a), 'After this, the rule sends nothing more to this address.'],
                button: 'Refuse the alerts',
            });
        },
    );

    app.post(
        '/alert_addresses/:token/refuse',
        { ...page, schema: { ...page.schema, summary: 'Refuse: the rule sends nothing more to the address, for good' } },
        async (request, reply) => {
            const a = await addressOf(request.params.token);
            if (!a) return invalid(request, reply);
            await answerAddress(ctx.db, a.id, a.nonce, ['waiting', 'confirmed'], 'refused', ctx.now());
            return settled(request, reply, { ...a, state: 'refused' });
        },
    );
};
