import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';

/** Everything cached about devices reloads: the list, the page, the drawer, commands, filter values. */
export const useRefreshDevices = () => {
    const queryClient = useQueryClient();
    return useCallback(() => queryClient.invalidateQueries({ queryKey: ['devices'] }), [queryClient]);
};

/** PUT to a device action (approve, reboot...) and reload what shows devices. */
export const useDeviceAction = () => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const refresh = useRefreshDevices();
    return useCallback(
        async <T>(id: number, action: string, body: object = {}): Promise<T> => {
            const reply = await dataProvider.call<T>(`/devices/${id}/${action}`, { method: 'PUT', body });
            await refresh();
            return reply;
        },
        [dataProvider, refresh],
    );
};
