import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { SYSTEM_AUDIT_FILTER } from '../../contract/auditLogs';
import { IMPLEMENTED_SCREENS } from '../../contract/menu';
import { BACKUP_MESSAGES, type BackupInfo, type DiskUsage, type RestoreReport, type StoredBackup } from '../../contract/system';
import { QuickViewProvider } from '../../src/components/quickView';
import { AppNotification } from '../../src/notifications/AppNotification';
import { RouteGuard } from '../../src/layout/RouteGuard';
import { systemPlugin } from '../../src/resources/system/plugin';
import { BackupAndRestorePage } from '../../src/resources/system/BackupAndRestorePage';
import { Location } from './layout/helpers';
import { renderInAdmin, testAuthProvider, testSession } from './render';

const SHA = 'ab12cd34ef56'.padEnd(64, '0');
const backup = (over: Partial<StoredBackup> = {}): StoredBackup => ({
    name: 'backup-20261120-030000.tar',
    bytes: 1_572_864,
    created_at: '2026-11-20T03:00:00Z',
    state: 'verified',
    sha256: SHA,
    scheduled: true,
    tables: { accounts: 12, users: 30, events: 958 },
    files: { count: 87, bytes: 4_404_019 },
    failure: null,
    ...over,
});
const info = (backups: StoredBackup[]): BackupInfo => ({
    directory: '/var/lib/access/backups',
    every_hours: 24,
    keep: 7,
    next_at: '2099-11-21T03:00:00Z',
    backups,
});
const AUDIT = [
    {
        id: 5,
        timestamp: '2026-11-20T03:00:00Z',
        account_id: 1,
        account_name: 'Main',
        user_id: 1,
        user_name: 'Platform Admin',
        action: 'backup',
        resource: 'system',
        entity: 'System Manager',
        entity_id: null,
        before: null,
        after: null,
        ip: null,
        request_id: null,
    },
];
const GB = 1024 ** 3;
const DISK: DiskUsage = {
    total_bytes: 100 * GB,
    free_bytes: 25 * GB,
    reserve_bytes: 2 * GB,
    low: false,
    parts: [
        { part: 'database', bytes: 3 * GB, files: null, in_bucket: false },
        { part: 'event_images', bytes: 40 * GB, files: 120_000, in_bucket: false },
        { part: 'firmware', bytes: 2 * GB, files: 3, in_bucket: false },
        { part: 'consents', bytes: 0, files: 0, in_bucket: false },
        { part: 'other_files', bytes: 0, files: 0, in_bucket: false },
        { part: 'backups', bytes: 30 * GB, files: 14, in_bucket: false },
    ],
    bucket: null,
    measured_at: '2026-11-20T10:00:00Z',
};
const REPORT: RestoreReport = {
    restored_from: { platform_version: '1.0.0', created_at: '2026-11-20T03:00:00Z', database: 'pglite' },
    tables: { accounts: 12 },
    files: 87,
};

/** The data provider of the screen: the kept backups (changing as the test says), the audit log, and the calls it makes. */
const provider = () => {
    let kept = [backup()];
    const made = backup({
        name: 'backup-20261120-101500.tar',
        created_at: '2026-11-20T10:15:00Z',
        scheduled: false,
        sha256: 'f'.repeat(64),
    });
    const call = vi.fn(async (path: string, options?: { method?: string }) => {
        if (path === '/system/backup/info') return info(kept);
        if (path.startsWith('/system/disk/usage'))
            return { ...DISK, measured_at: path.endsWith('fresh=true') ? '2026-11-20T10:20:00Z' : DISK.measured_at };
        if (path === '/system/backups' && options?.method === 'POST') {
            kept = [made, ...kept];
            return made;
        }
        throw new Error(`unexpected ${path}`);
    });
    return {
        call,
        getList: vi.fn(async () => ({ data: AUDIT, total: AUDIT.length })),
        download: vi.fn(async () => new File(['tar'], 'backup-20261120-101600.tar')),
        multipart: vi.fn(),
    };
};

const page = (dp = provider(), session = testSession('admin'), logout = vi.fn(async () => undefined)) => {
    renderInAdmin(
        <QuickViewProvider>
            <Routes>
                <Route path="/backup_and_restore" element={<BackupAndRestorePage />} />
                <Route path="*" element={null} />
            </Routes>
            <Location />
            <AppNotification />
        </QuickViewProvider>,
        { dataProvider: dp as never, session, path: '/backup_and_restore', authProvider: { ...testAuthProvider(session), logout } },
    );
    return { dp, logout };
};

const chooseFile = () =>
    fireEvent.change(screen.getByLabelText('Backup file (.tar)'), {
        target: { files: [new File([new Uint8Array(4096)], 'backup-20261120-030000.tar')] },
    });

const refusal = (status: number, error: string) => new HttpError(error, status, { error, request_id: 'req-7' });

describe('Backup and Restore (SPEC 2.2 /backup_and_restore)', () => {
    it('shows an admin the kept backups and the schedule, and backs up now', async () => {
        // the backup takes until the test has seen it in progress
        const dp = provider();
        const answer = dp.call.getMockImplementation()!;
        let finish = () => {};
        const written = new Promise<void>(resolve => (finish = resolve));
        dp.call.mockImplementation(async (path: string, options?: { method?: string }) => {
            if (path === '/system/backups' && options?.method === 'POST') await written;
            return answer(path, options);
        });
        page(dp);
        // the kept backups' table; the audit trail below is another
        const row = await screen.findByRole('row', { name: /backup-20261120-030000\.tar/ });
        const table = row.closest('table')!;
        expect(within(row).getByText('1.50 MB')).toBeInTheDocument();
        expect(within(row).getByText('Verified')).toBeInTheDocument();
        expect(within(row).getByText('Scheduled')).toBeInTheDocument();
        // SHA-256 shortened, whole in the tooltip
        expect(within(row).getByText('ab12cd34ef56…')).toHaveAttribute('aria-label', SHA);
        expect(within(row).getByText(/3 tables · 1000 rows/)).toBeInTheDocument();
        expect(within(row).getByText(/87 files \(4\.20 MB\)/)).toBeInTheDocument();
        expect(within(row).getByRole('button', { name: 'Download backup-20261120-030000.tar' })).toBeInTheDocument();
        expect(screen.getByText('/var/lib/access/backups')).toBeInTheDocument();
        expect(screen.getByText('Every 24 hours')).toBeInTheDocument();
        expect(screen.getByText('The newest 7 backups')).toBeInTheDocument();

        fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
        expect(await screen.findByRole('progressbar', { name: 'Backing up…' })).toBeInTheDocument();
        await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/system/backups', { method: 'POST' }));
        finish();
        expect(await within(table).findByRole('row', { name: /backup-20261120-101500\.tar/ })).toBeInTheDocument();
        expect(await screen.findByText('Backup written and checked')).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Backing up…' })).toBeNull());
    });

    it('shows what takes the disk, warns when it runs short, and measures again on demand', async () => {
        const dp = provider();
        const answer = dp.call.getMockImplementation()!;
        dp.call.mockImplementation(async (path: string, options?: { method?: string }) =>
            path.startsWith('/system/disk/usage') ? { ...DISK, free_bytes: 5 * GB } : answer(path, options),
        );
        page(dp);
        const card = await screen.findByRole('region', { name: 'Disk use' });
        expect(await within(card).findByText('Event and enrollment images')).toBeInTheDocument();
        expect(within(card).getByText('40.00 GB')).toBeInTheDocument();
        expect(within(card).getByText('120000 files')).toBeInTheDocument();
        expect(within(card).getByRole('alert')).toHaveTextContent('Only 5.00 GB left on the data volume');
        fireEvent.click(within(card).getByRole('button', { name: 'Measure again' }));
        await waitFor(() => expect(dp.call).toHaveBeenCalledWith('/system/disk/usage?fresh=true', expect.anything()));
    });

    it('with the files in a bucket, shows what they take there apart from the data volume', async () => {
        const dp = provider();
        const answer = dp.call.getMockImplementation()!;
        dp.call.mockImplementation(async (path: string, options?: { method?: string }) =>
            path.startsWith('/system/disk/usage')
                ? { ...DISK, bucket: 's3://platform/files/', parts: DISK.parts.map(p => ({ ...p, in_bucket: p.part !== 'database' })) }
                : answer(path, options),
        );
        page(dp);
        const card = await screen.findByRole('region', { name: 'Disk use' });
        const heading = await within(card).findByRole('heading', { name: 'In the bucket s3://platform/files/' });
        const [onVolume, inBucket] = [...card.querySelectorAll('dl')];
        expect(within(onVolume as HTMLElement).getByText('Database')).toBeInTheDocument();
        expect(within(onVolume as HTMLElement).queryByText('Event and enrollment images')).toBeNull();
        expect(within(inBucket as HTMLElement).getByText('Backups')).toBeInTheDocument();
        expect(within(inBucket as HTMLElement).getByText('Event and enrollment images')).toBeInTheDocument();
        expect(within(inBucket as HTMLElement).getByText('40.00 GB')).toBeInTheDocument();
        expect(heading.compareDocumentPosition(inBucket!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('shows the System Manager audit trail, filtered by default on resource=system and entity=System Manager', async () => {
        const { dp } = page();
        expect(await screen.findByText('Platform Admin')).toBeInTheDocument();
        // in every account the admin reaches, as the audit log opens for it (docs/decisions.md "Account scope of lists")
        expect(dp.getList).toHaveBeenCalledWith(
            'audit_logs',
            expect.objectContaining({ filter: { resource: 'system', entity: 'System Manager', cross_account: 'true' } }),
        );
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        expect(screen.getByText('Backup')).toBeInTheDocument();
    });

    it('a failed backup and a kept one in writing show what the server says', async () => {
        const dp = provider();
        dp.call.mockImplementation(async (path: string) => {
            if (path === '/system/backup/info')
                return info([
                    backup({ name: 'backup-20261120-110000.tar', state: 'writing', sha256: null, tables: null, files: null, bytes: 2048 }),
                    backup({ state: 'failed', sha256: null, failure: 'No space left on device', tables: null, files: null }),
                ]);
            if (path.startsWith('/system/disk/usage')) return DISK;
            throw refusal(500, 'The backup failed: No space left on device');
        });
        page(dp);
        const writing = await screen.findByRole('row', { name: /backup-20261120-110000\.tar/ });
        expect(within(writing).getByText('Being written')).toBeInTheDocument();
        expect(within(writing).getByText('2.00 KB')).toBeInTheDocument();
        expect(within(writing).queryByRole('button', { name: /Download/ })).toBeNull();
        expect(screen.getByText('No space left on device')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('The backup failed: No space left on device');
        expect(alert).toHaveTextContent('Request ID: req-7');
    });

    it('a backup refused for want of disk space (507) shows what it needs and what is free, made now or downloaded', async () => {
        const text = BACKUP_MESSAGES.notEnoughSpace('812.4 MiB', '300.0 MiB', '204.8 MiB');
        const dp = provider();
        const answer = dp.call.getMockImplementation()!;
        dp.call.mockImplementation(async (path: string, options?: { method?: string }) => {
            if (path === '/system/backups') throw refusal(507, text);
            return answer(path, options);
        });
        dp.download.mockRejectedValue(refusal(507, text));
        page(dp);
        await screen.findByRole('table');
        fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
        let alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('The backup failed');
        expect(alert).toHaveTextContent(text);
        fireEvent.click(screen.getByRole('button', { name: 'Download a backup now' }));
        await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error downloading the backup'));
        alert = screen.getByRole('alert');
        expect(alert).toHaveTextContent(text);
        expect(alert).toHaveTextContent('Request ID: req-7');
    });

    it('asks before a restore, saying plainly that everything is replaced and everyone signed out', async () => {
        const { dp } = page();
        await screen.findByRole('table');
        expect(screen.getByRole('button', { name: 'Restore…' })).toBeDisabled();
        chooseFile();
        expect(screen.getByTestId('chosen-backup')).toHaveTextContent('backup-20261120-030000.tar (4.00 KB)');
        fireEvent.click(screen.getByRole('button', { name: 'Restore…' }));
        const dialog = await screen.findByRole('dialog', { name: 'Replace this platform with this backup?' });
        expect(dialog).toHaveTextContent(
            'Every account, user, device, profile, event and file of this platform will be replaced by those in backup-20261120-030000.tar',
        );
        expect(dialog).toHaveTextContent('Everyone, you included, will be signed out.');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(dp.multipart).not.toHaveBeenCalled();
    });

    it('a backup of another platform (409) is confirmed a second time, then sent with other_platform=true; success signs out', async () => {
        const dp = provider();
        // The upload is played by the test: its progress, then the server's answer.
        let progress: (p: { loaded: number; total: number }) => void = () => undefined;
        let answer: (report: RestoreReport) => void = () => undefined;
        dp.multipart.mockRejectedValueOnce(refusal(409, BACKUP_MESSAGES.otherPlatform)).mockImplementationOnce(
            (_path: string, _form: FormData, options: { onProgress: typeof progress }) =>
                new Promise<RestoreReport>(resolve => {
                    progress = options.onProgress;
                    answer = resolve;
                }),
        );
        const { logout } = page(dp);
        await screen.findByRole('table');
        chooseFile();
        fireEvent.click(screen.getByRole('button', { name: 'Restore…' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));

        const other = await screen.findByRole('dialog', { name: 'This backup is of another platform' });
        expect(other).toHaveTextContent('backup-20261120-030000.tar was made by another platform.');
        const first = dp.multipart.mock.calls[0]!;
        expect(first[0]).toBe('/system/restore');
        expect([...(first[1] as FormData).keys()]).toEqual(['file']);
        fireEvent.click(within(other).getByRole('button', { name: 'Replace with the other platform' }));

        await waitFor(() => expect(dp.multipart).toHaveBeenCalledTimes(2));
        const second = dp.multipart.mock.calls[1]![1] as FormData;
        expect([...second.keys()]).toEqual(['other_platform', 'file']);
        expect(second.get('other_platform')).toBe('true');
        expect((second.get('file') as File).name).toBe('backup-20261120-030000.tar');
        act(() => progress({ loaded: 2048, total: 4096 }));
        expect(await screen.findByText('Sending the backup: 50%')).toBeInTheDocument();
        act(() => progress({ loaded: 4096, total: 4096 }));
        expect(await screen.findByText('Checking and restoring the backup… Keep this page open.')).toBeInTheDocument();
        expect(logout).not.toHaveBeenCalled();
        act(() => answer(REPORT));

        await waitFor(() => expect(logout).toHaveBeenCalled());
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect_url=%2Fbackup_and_restore'));
        expect(await screen.findByText('Platform restored')).toBeInTheDocument();
        expect(
            screen.getByText(/The platform is as it was on 2026-11-20 .*\. Everyone was signed out: sign in again\./),
        ).toBeInTheDocument();
    });

    it('a refused restore shows the server words and changes nothing', async () => {
        const dp = provider();
        dp.multipart.mockRejectedValueOnce(refusal(400, BACKUP_MESSAGES.notABackup));
        const { logout } = page(dp);
        await screen.findByRole('table');
        chooseFile();
        fireEvent.click(screen.getByRole('button', { name: 'Restore…' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('The backup was not restored');
        expect(alert).toHaveTextContent(BACKUP_MESSAGES.notABackup);
        expect(screen.queryByRole('dialog', { name: 'This backup is of another platform' })).toBeNull();
        expect(logout).not.toHaveBeenCalled();
        expect(screen.getByRole('button', { name: 'Restore…' })).toBeEnabled();
    });

    it('downloads a backup made now and a kept one as files', async () => {
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        URL.createObjectURL = vi.fn(() => 'blob:backup');
        URL.revokeObjectURL = vi.fn();
        const { dp } = page();
        await screen.findByRole('table');
        fireEvent.click(screen.getByRole('button', { name: 'Download a backup now' }));
        await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
        expect(dp.download).toHaveBeenCalledWith('/system/backup');
        expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('backup-20261120-101600.tar');
        fireEvent.click(screen.getByRole('button', { name: 'Download backup-20261120-030000.tar' }));
        await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
        expect(dp.download).toHaveBeenLastCalledWith('/system/backups/backup-20261120-030000.tar');
        click.mockRestore();
    });

    it('a moderator sees the audit log and who makes backups, but no backup or restore', async () => {
        const { dp } = page(provider(), testSession('moderator'));
        expect(await screen.findByText("Backups of the whole platform are made by the platform's administrators.")).toBeInTheDocument();
        expect(await screen.findByText('Platform Admin')).toBeInTheDocument();
        expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
        // its own account's trail, with the same default filters and no account filter
        expect(dp.getList).toHaveBeenCalledWith('audit_logs', expect.objectContaining({ filter: SYSTEM_AUDIT_FILTER }));
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        for (const name of ['Back up now', 'Download a backup now', 'Restore…']) expect(screen.queryByRole('button', { name })).toBeNull();
        expect(screen.queryByLabelText('Backup file (.tar)')).toBeNull();
        expect(dp.call).not.toHaveBeenCalled();
    });

    it('is a route of its own, closed to manager and user (SPEC 6.3)', async () => {
        expect(systemPlugin.routes?.map(r => [r.path, r.routeKey])).toEqual([['/backup_and_restore', 'backupAndRestore']]);
        expect(IMPLEMENTED_SCREENS.has('backupAndRestore')).toBe(true);
        renderInAdmin(
            <Routes>
                <Route
                    path="/backup_and_restore"
                    element={
                        <RouteGuard routeKey="backupAndRestore">
                            <p>backups</p>
                        </RouteGuard>
                    }
                />
                <Route path="/" element={<Location />} />
            </Routes>,
            { session: testSession('manager'), path: '/backup_and_restore' },
        );
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
        expect(screen.queryByText('backups')).toBeNull();
    });
});
