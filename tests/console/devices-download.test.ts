import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/dataProvider';
import { fileNameOf } from '../../src/dataProvider/http';
import { stampedName } from '../../src/dataProvider/files';
import { tokens } from '../../src/dataProvider/tokens';

afterEach(() => vi.unstubAllGlobals());

describe('file names of downloads (SPEC 9 default export names)', () => {
    it('reads the server’s name from Content-Disposition', () => {
        expect(fileNameOf('attachment; filename="devices-configs-20250102-133700.csv"')).toBe('devices-configs-20250102-133700.csv');
        expect(fileNameOf('attachment; filename=device-7-config.json')).toBe('device-7-config.json');
        expect(fileNameOf('attachment; filename*=UTF-8\'\'journal%20d%E2%80%99appareil.csv; filename="x.csv"')).toBe(
            'journal d’appareil.csv',
        );
        expect(fileNameOf('inline')).toBeUndefined();
        expect(fileNameOf(null)).toBeUndefined();
    });

    it('a blob reply comes back as a File of that name, or as a plain Blob without one', async () => {
        tokens.save({ token: 'T', refresh_token: 'R' });
        vi.stubGlobal(
            'fetch',
            vi.fn(
                async () =>
                    new Response('id\n1\n', {
                        status: 200,
                        headers: {
                            'content-type': 'text/csv',
                            'content-disposition': 'attachment; filename="devices-configs-20250102-133700.csv"',
                        },
                    }),
            ),
        );
        const named = await dataProvider.download('/devices/bulk/config/export', { device_ids: '1' });
        expect(named).toBeInstanceOf(File);
        expect((named as File).name).toBe('devices-configs-20250102-133700.csv');
        expect(named.size).toBe(5);
        expect(named.type).toBe('text/csv');
        vi.stubGlobal(
            'fetch',
            vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
        );
        const plain = await dataProvider.download('/devices/1/config');
        expect(plain).not.toBeInstanceOf(File);
    });

    it('the console’s own names are the prefix and a timestamp', () => {
        expect(stampedName('device-logs', 'csv', new Date(2025, 0, 2, 13, 37, 5))).toBe('device-logs-20250102-133705.csv');
    });
});
