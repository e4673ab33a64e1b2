import { screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AuditLog } from '../../contract/auditLogs';
import type { DashboardReply } from '../../contract/dashboard';
import { AuditLogList } from '../../src/resources/audit-logs/AuditLogList';
import { QuickViewProvider } from '../../src/components/quickView';
import { Dashboard } from '../../src/resources/dashboard/Dashboard';
import { renderInAdmin, testSession } from './render';

const entry = (id: number, over: Partial<AuditLog> = {}): AuditLog => ({
    id,
    timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    account_id: 10,
    account_name: 'Contoso Offices',
    user_id: 5,
    user_name: 'Contoso Moderator',
    action: 'approve',
    resource: 'devices',
    entity: 'Device',
    entity_id: '12',
    target_name: 'Main entrance',
    before: null,
    after: null,
    ip: '203.0.113.9',
    request_id: 'req-1',
    ...over,
});

const ENTRIES = [
    entry(1),
    // written before the server recorded names: the thing by its number
    entry(2, { action: 'register', target_name: null, user_name: null }),
    entry(3, { action: 'create', resource: 'accessGroups', entity: 'Access group', entity_id: '4', target_name: 'Night shift' }),
    entry(4, { action: 'login', resource: 'users', entity: 'User', entity_id: '5', target_name: 'Contoso Moderator' }),
];

describe('audit entries in words: who did what to which thing', () => {
    it('the audit log names the person and the thing, or the thing’s number when the entry has no name', async () => {
        renderInAdmin(
            <QuickViewProvider>
                <ResourceContextProvider value="audit_logs">
                    <AuditLogList />
                </ResourceContextProvider>
            </QuickViewProvider>,
            {
                session: testSession('moderator'),
                dataProvider: { getList: (async () => ({ data: ENTRIES, total: ENTRIES.length })) as never },
            },
        );
        expect(await screen.findByText('Contoso Moderator approved the device ‘Main entrance’')).toBeInTheDocument();
        expect(screen.getByText('The platform registered the device #12')).toBeInTheDocument();
        expect(screen.getByText('Contoso Moderator created the access group ‘Night shift’')).toBeInTheDocument();
        expect(screen.getByText('Contoso Moderator signed in')).toBeInTheDocument();
        expect(screen.queryByText(/Device #12|- registered/)).toBeNull();
    });

    it('in French, with the thing’s noun and quotes of the language', async () => {
        const { i18nProvider } = await import('../../src/i18n');
        await i18nProvider.changeLocale('fr');
        try {
            renderInAdmin(
                <QuickViewProvider>
                    <ResourceContextProvider value="audit_logs">
                        <AuditLogList />
                    </ResourceContextProvider>
                </QuickViewProvider>,
                { session: testSession('moderator'), dataProvider: { getList: (async () => ({ data: ENTRIES, total: 4 })) as never } },
            );
            expect(await screen.findByText('Contoso Moderator a approuvé l’appareil « Main entrance »')).toBeInTheDocument();
            expect(screen.getByText('La plateforme a enregistré l’appareil n° 12')).toBeInTheDocument();
        } finally {
            await i18nProvider.changeLocale('en');
        }
    });

    it('the dashboard’s recent activity reads the same sentences', async () => {
        const reply = {
            account: { id: 10, name: 'Contoso Offices', type: 'customer' },
            users: { total: 3, by_role: { moderator: 1 }, with_tfa: 0 },
            devices: { total: 0, by_state: {}, offline: [] },
            events: { last_24h: [], total_24h: 0, per_day: [], latest_incidents: [] },
            profiles: { total: 0, by_status: {}, with_badges: 0 },
            sign_ins: [],
            recent_activity: ENTRIES.slice(0, 2),
        } as unknown as DashboardReply;
        renderInAdmin(<Dashboard />, { session: testSession('moderator'), dataProvider: { call: async () => reply } as never });
        const panel = await screen.findByRole('region', { name: 'Recent activity' });
        expect(within(panel).getByText('Contoso Moderator approved the device ‘Main entrance’')).toBeInTheDocument();
        expect(within(panel).getByText('The platform registered the device #12')).toBeInTheDocument();
    });
});
