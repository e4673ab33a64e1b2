import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { cleanIds } from '../scope';
import type { Device } from '../types';

/** The devices a bulk screen starts with: the list's selection, passed as ?ids=1,2,3. */
export const useChosenIds = () => {
    const [params] = useSearchParams();
    return useState<number[]>(() => [
        ...new Set(
            cleanIds(params.get('ids') ?? '')
                .split(',')
                .filter(Boolean)
                .map(Number),
        ),
    ]);
};

/** Ids per request: the URL of a getMany stays far below the server's limits. */
const CHUNK = 100;

/** The chosen devices' records, loaded a hundred at a time. */
export const useChosenDevices = (ids: number[]) => {
    const dataProvider = useDataProvider();
    const key = useMemo(() => [...ids].sort((a, b) => a - b).join(','), [ids]);
    return useQuery({
        queryKey: ['devices', 'chosen', key],
        queryFn: async ({ signal }) => {
            const found: Device[] = [];
            for (let i = 0; i < ids.length; i += CHUNK)
                found.push(...(await dataProvider.getMany<Device>('devices', { ids: ids.slice(i, i + CHUNK), signal })).data);
            return found;
        },
        enabled: ids.length > 0,
        placeholderData: keepPreviousData,
    });
};
