import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../contract/auditLogs';
import type { DashboardReply } from '../../../contract/dashboard';
import { auditLogs } from '../../../server/db/schema';
import { startPlatform, type ApiCaller, type TestPlatform } from '../harness';

let p: TestPlatform;
let moderator: ApiCaller;
let admin: ApiCaller;
let account: number;

beforeAll(async () => {
    p = await startPlatform();
    moderator = await p.as('moderator@contoso-offices.example');
    admin = await p.as('admin@platform.test');
    account = p.demo.customers[0].id;
}, 120_000);
afterAll(async () => p?.close());

const entries = async (query: string) => (await moderator('GET', `/audit_logs?per_page=100&${query}`)).json().result as AuditLog[];

/** A reader registered with the account's code, waiting for approval. */
const pendingReader = async () => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code as string;
    const res = await p.app.inject({
        method: 'POST',
        url: '/api/v2/device/register',
        payload: {
            hardware_id: `HW-AUDIT-${randomBytes(4).toString('hex')}`,
            secret: randomBytes(24).toString('base64url'),
            pairing_code: '123456',
            board_type: 'rock-s1',
            release: '3.2.0',
            ip_address: '10.0.0.5',
            mac_address: '02:00:00:00:00:01',
            registration_code: code,
        },
    });
    return res.json().device_id as number;
};

describe('audit entries name the thing they are about (target_name)', () => {
    it('approving a reader records the name it was given, which the log and the dashboard return', async () => {
        const id = await pendingReader();
        const approved = await moderator('PUT', `/devices/${id}/approve`, { description: 'Main entrance' });
        expect(approved.statusCode, approved.body).toBe(200);
        const [entry] = (await entries(`resource=devices&action=approve`)).filter(e => e.entity_id === String(id));
        expect(entry).toMatchObject({
            user_name: expect.any(String),
            entity: 'Device',
            entity_id: String(id),
            target_name: 'Main entrance',
        });
        const dashboard = (await moderator('GET', '/dashboard')).json() as DashboardReply;
        expect(dashboard.recent_activity?.find(e => e.id === entry.id)).toMatchObject({ target_name: 'Main entrance' });
        // and the log's search finds it by that name
        expect((await entries('q=Main%20entrance')).map(e => e.id)).toContain(entry.id);
    });

    it('an entry whose before and after are only what changed names the row it is about', async () => {
        const group = (await moderator('POST', '/access_groups', { description: 'Night shift', account_id: account })).json();
        const devices = (await moderator('GET', `/devices?account_id=${account}&per_page=1`)).json().result as { id: number }[];
        const added = await moderator('POST', `/access_groups/${group.id}/devices`, { device_ids: [devices[0].id] });
        expect(added.statusCode, added.body).toBe(200);
        const [entry] = (await entries('resource=accessGroups&action=add_devices')).filter(e => e.entity_id === String(group.id));
        expect(entry.after).toEqual({ device_ids: [devices[0].id] });
        expect(entry.target_name).toBe('Night shift');
    });

    it('an entry written before names were recorded takes the name its record had, else none', async () => {
        const [old, bare] = await p.ctx.db
            .insert(auditLogs)
            .values([
                {
                    account_id: account,
                    user_name: 'Old Timer',
                    action: 'update',
                    resource: 'devices',
                    entity: 'Device',
                    entity_id: '9001',
                    before: { description: 'Old lobby' },
                    after: { description: 'Lobby' },
                },
                { account_id: account, user_name: 'Old Timer', action: 'reboot', resource: 'devices', entity: 'Device', entity_id: '9002' },
            ])
            .returning({ id: auditLogs.id });
        const found = await entries('q=Old%20Timer');
        expect(found.find(e => e.id === old.id)?.target_name).toBe('Lobby');
        expect(found.find(e => e.id === bare.id)?.target_name).toBeNull();
    });
});
