import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DiskStatus } from '../../../contract/system';
import { DiskLowNotice } from '../../../src/layout/DiskLowNotice';
import { renderInAdmin } from '../render';

const GB = 1024 ** 3;
const notice = (status: DiskStatus) => {
    const call = vi.fn(async () => status);
    renderInAdmin(<DiskLowNotice />, { dataProvider: { call } as never });
    return call;
};

describe('the low disk notice', () => {
    it('tells everyone that saves are refused while the disk is down to its reserve', async () => {
        const call = notice({ low: true, images_paused: true, total_bytes: 10 * GB, free_bytes: 0.1 * GB, reserve_bytes: 0.2 * GB });
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent(
            'The server is short of disk space (102.40 MB free of 10.00 GB; 204.80 MB is kept in reserve). Nothing new can be saved',
        );
        expect(call).toHaveBeenCalledWith('/system/disk', expect.anything());
    });

    it('warns that events are kept without their images when space runs short', async () => {
        notice({ low: false, images_paused: true, total_bytes: 10 * GB, free_bytes: 0.3 * GB, reserve_bytes: 0.2 * GB });
        expect(await screen.findByRole('alert')).toHaveTextContent('Events are recorded without their images');
    });

    it('shows nothing while there is room', async () => {
        const call = notice({ low: false, images_paused: false, total_bytes: 10 * GB, free_bytes: 5 * GB, reserve_bytes: 0.2 * GB });
        await waitFor(() => expect(call).toHaveBeenCalled());
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(screen.queryByRole('alert')).toBeNull();
    });
});
