import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { platformSettings, platformSettingsInput, SETTING_KEYS, SETTINGS_MESSAGES, type SettingKey } from '../../../contract/settings';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { validationError } from '../../http/errors';
import { recordAudit } from '../../http/audit';
import { sendTestMail } from '../enrollments';
import {
    applySettings,
    auditedSettings,
    loadSavedSettings,
    saveSettings,
    settingsView,
    SETTINGS_CHANNEL,
    type SavedSettings,
} from './settings';

const tags = ['system'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/**
 * Settings of the platform (SPEC 2.2 /settings, 6.2 "system settings: admin
 * only", 7.2 /system/settings). The environment's values are the defaults;
 * what is saved here wins, in every instance.
 */
export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    // The environment's values, before any saved setting is applied over them.
    const environment = { ...ctx.config };
    const log = (line: string) => app.log.info(line);
    const reload = async () => applySettings(ctx, environment, await loadSavedSettings(ctx.db), log);
    await reload();
    const unsubscribe = ctx.realtime.subscribe(SETTINGS_CHANNEL, () => {
        reload().catch(error => app.log.error({ err: error }, 'reloading the platform settings failed'));
    });
    app.addHook('onClose', async () => unsubscribe());

    const changed = async (request: Parameters<typeof requireAuth>[0], before: SavedSettings, after: SavedSettings) => {
        await saveSettings(ctx.db, after);
        applySettings(ctx, environment, after, log);
        await recordAudit(ctx.db, request, {
            action: 'update',
            resource: 'system',
            entity: 'System Manager',
            entity_id: 'settings',
            account_id: requireAuth(request).account.id,
            before: auditedSettings(before),
            after: auditedSettings(after),
        });
        await ctx.realtime.publish(SETTINGS_CHANNEL, 'changed');
        return settingsView(ctx.config, after);
    };

    app.get(
        '/system/settings',
        {
            config: { access: ['systemSettings', 'read'], scope: 'none' },
            schema: {
                tags,
                summary: "The platform's settings; the SMTP password is never sent",
                response: { 200: platformSettings, ...errors },
            },
        },
        async () => settingsView(ctx.config, await loadSavedSettings(ctx.db)),
    );

    app.put(
        '/system/settings',
        {
            config: { access: ['systemSettings', 'write'], scope: 'none' },
            schema: {
                tags,
                summary: 'Saves settings (those sent; smtp_url null for no SMTP server); they apply at once, in every instance',
                body: platformSettingsInput,
                response: { 200: platformSettings, ...errors },
            },
        },
        async request => {
            const before = await loadSavedSettings(ctx.db);
            const after: SavedSettings = { ...before, ...request.body };
            const heartbeat = after.device_heartbeat_seconds ?? environment.deviceHeartbeatSeconds;
            const offline = after.device_offline_seconds ?? environment.deviceOfflineSeconds;
            if (offline <= heartbeat) throw validationError({ device_offline_seconds: SETTINGS_MESSAGES.offlineAfterHeartbeat });
            return changed(request, before, after);
        },
    );

    app.delete(
        '/system/settings/:key',
        {
            config: { access: ['systemSettings', 'write'], scope: 'none' },
            schema: {
                tags,
                summary: "Forgets a saved setting: the environment's value applies again",
                params: z.object({ key: z.enum(SETTING_KEYS) }),
                response: { 200: platformSettings, ...errors },
            },
        },
        async request => {
            const before = await loadSavedSettings(ctx.db);
            const after = Object.fromEntries(Object.entries(before).filter(([k]) => k !== (request.params.key as SettingKey)));
            return changed(request, before, after);
        },
    );

    app.post(
        '/system/settings/test_email',
        {
            config: { access: ['systemSettings', 'write'], scope: 'none', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Sends a test message through the mail settings as they are now',
                body: z.object({ email: z.email({ error: 'Enter a valid e-mail address' }).max(255) }),
                response: { 200: z.object({ sent: z.literal(true), via: z.enum(['smtp', 'outbox']) }), ...errors, 502: errorReply },
            },
        },
        async request => sendTestMail(ctx, request.body.email, requireAuth(request).user.name),
    );
};
