import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceList } from '../../src/resources/devices/page/DeviceList';
import { renderDevices } from './devicesFixtures';

const banner = /waits? for approval/;

describe('the banner over the Devices list that counts readers waiting for approval', () => {
    it('shows to a role that may approve them, with the way to list them', async () => {
        renderDevices(<DeviceList />, { role: 'moderator' });
        await screen.findByText('Server room door');
        expect(await screen.findByText(banner)).toBeInTheDocument();
    });

    it('does not show to a role that cannot approve (a manager reads the list only)', async () => {
        const { provider } = renderDevices(<DeviceList />, { role: 'manager' });
        await screen.findByText('Server room door');
        expect(screen.queryByText(banner)).toBeNull();
        expect(provider.call).not.toHaveBeenCalledWith('/devices/aggregate/state', expect.anything());
    });
});
