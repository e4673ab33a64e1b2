import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { IMPLEMENTED_SCREENS } from '../../contract/menu';
import type { MigrationsReport } from '../../contract/system';
import { formatDate } from '../../src/i18n/format';
import { RouteGuard } from '../../src/layout/RouteGuard';
import { migrationsPlugin } from '../../src/resources/migrations/plugin';
import { MigrationsPage } from '../../src/resources/migrations/MigrationsPage';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

const REPORT: MigrationsReport = {
    schema: [
        {
            index: 0,
            tag: '0000_init',
            created_at: '2026-01-05T09:00:00.000Z',
            applied_at: '2026-01-06T10:30:00.000Z',
            applied_by_version: '1.0.0.100',
            state: 'applied',
        },
        {
            index: 1,
            tag: '0001_card_formats',
            created_at: '2026-02-01T09:00:00.000Z',
            applied_at: null,
            applied_by_version: null,
            state: 'applied',
        },
        {
            index: 2,
            tag: '0002_devices',
            created_at: '2026-03-01T09:00:00.000Z',
            applied_at: null,
            applied_by_version: null,
            state: 'pending',
        },
    ],
    database_ahead: 0,
    data: [
        {
            key: 'predefined-card-formats',
            description: 'The predefined card formats (SPEC 4.7), added and kept up to date at every start',
            state: 'done',
            detail: '6 formats',
        },
        { key: 'platform-identity', description: "The platform's id", state: 'pending', detail: 'Missing: jwt_secret' },
        { key: 'something-newer', description: 'A data migration this console does not know yet', state: 'done', detail: 'Present' },
    ],
};

const page = (report: MigrationsReport | Error = REPORT, role: 'admin' | 'moderator' = 'admin') => {
    const call = vi.fn(async () => {
        if (report instanceof Error) throw report;
        return report;
    });
    renderInAdmin(<MigrationsPage />, { session: testSession(role), dataProvider: { call } as never, path: '/migrations' });
    return call;
};

const row = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('Migrations (SPEC 2.2 /migrations)', () => {
    it('lists the schema migrations with when they were written and applied, by which version, applied or pending', async () => {
        const call = page();
        const schema = await screen.findByRole('table', { name: 'Schema migrations' });
        expect(call).toHaveBeenCalledWith('/migrations', expect.objectContaining({ noAccount: true }));
        expect(
            within(schema)
                .getAllByRole('columnheader')
                .map(h => h.textContent),
        ).toEqual(['#', 'Migration', 'Written on', 'Applied on', 'Applied by version', 'State']);
        const first = row(schema, '0000_init');
        expect(within(first).getByText(formatDate('2026-01-05T09:00:00.000Z'))).toBeInTheDocument();
        expect(within(first).getByText(formatDate('2026-01-06T10:30:00.000Z'))).toBeInTheDocument();
        expect(within(first).getByText('1.0.0 (100)')).toBeInTheDocument();
        expect(within(first).getByText('Applied')).toBeInTheDocument();
        // applied before the server kept a record of when
        expect(within(row(schema, '0001_card_formats')).getByText('Not recorded')).toBeInTheDocument();
        expect(within(row(schema, '0002_devices')).getByText('Pending')).toBeInTheDocument();
        expect(screen.getByText('2 applied · 1 pending')).toBeInTheDocument();
        expect(screen.queryByRole('alert')).toBeNull();
    });

    it('lists the data migrations with their state and detail, described in the user’s language when known', async () => {
        page();
        const data = await screen.findByRole('table', { name: 'Data migrations' });
        const formats = row(data, 'The predefined card formats, added and kept up to date at every start');
        expect(within(formats).getByText('Done')).toBeInTheDocument();
        expect(within(formats).getByText('6 formats')).toBeInTheDocument();
        const identity = row(data, "The platform's id (named by its backups) and its token signing key, made at first start");
        expect(within(identity).getByText('Pending')).toBeInTheDocument();
        expect(within(identity).getByText('Missing: jwt_secret')).toBeInTheDocument();
        expect(within(data).getByText('A data migration this console does not know yet')).toBeInTheDocument();
    });

    it('warns when the database has migrations this server does not know', async () => {
        page({ ...REPORT, database_ahead: 2 }, 'moderator');
        const warning = await screen.findByRole('alert');
        expect(warning).toHaveTextContent('The database has 2 migrations this server does not know');
        expect(warning).toHaveTextContent('A newer version of the server has run them.');
    });

    it('a failure shows the SPEC 2.5 text and Refresh asks again', async () => {
        const call = page(new Error('down'));
        fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
        expect(call).toHaveBeenCalledTimes(2);
    });

    it('is a route of its own, closed to the admin of a cloud installation (SPEC 6.3)', async () => {
        expect(migrationsPlugin.routes?.map(r => [r.path, r.routeKey])).toEqual([['/migrations', 'migrations']]);
        expect(IMPLEMENTED_SCREENS.has('migrations')).toBe(true);
        renderInAdmin(
            <Routes>
                <Route
                    path="/migrations"
                    element={
                        <RouteGuard routeKey="migrations">
                            <p>migrations</p>
                        </RouteGuard>
                    }
                />
                <Route path="/" element={<Location />} />
            </Routes>,
            { session: testSession('admin', { cloud: true }), path: '/migrations' },
        );
        expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
        expect(screen.queryByText('migrations')).toBeNull();
    });
});
