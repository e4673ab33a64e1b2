import { useState, type ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { AccessGroupEmbedded } from '../../../contract/access-groups';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useNotices } from '../../notifications/notices';

/**
 * Linking devices or badge holders to a group and unlinking them: the call,
 * SPEC 8.4's notices, and OK/Cancel before an unlink. `add(ids)` resolves to
 * whether it worked; `removeButton(row, name)` asks about that row; render
 * `dialog` once.
 */
export const useGroupLinks = <T extends { id: number }>(
    group: AccessGroupEmbedded,
    kind: 'devices' | 'members',
    onChanged: () => void,
    icon: ReactElement,
    confirmTitle: (row: T) => string,
) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [doomed, setDoomed] = useState<T>();
    const t = (key: string, options?: object) => translate(`resources.access_groups.${kind}.${key}`, options);
    const path = `/access_groups/${group.id}/${kind === 'devices' ? 'devices' : 'profiles'}`;

    const change = async (request: Promise<unknown>) => {
        try {
            await request;
            notices.modified('access_groups');
            onChanged();
            return true;
        } catch (e) {
            notices.modifyFailed('access_groups', e);
            return false;
        }
    };
    const add = (ids: number[]) =>
        change(dataProvider.call(path, { method: 'POST', body: kind === 'devices' ? { device_ids: ids } : { profile_ids: ids } }));
    const remove = async (row: T) => {
        await change(dataProvider.call(`${path}/${row.id}`, { method: 'DELETE', body: {} }));
        setDoomed(undefined);
    };

    const removeButton = (row: T, name: string) => (
        <Tooltip title={t('remove')}>
            <IconButton aria-label={`${t('remove')}: ${name}`} onClick={() => setDoomed(row)}>
                {icon}
            </IconButton>
        </Tooltip>
    );
    const dialog = (
        <Confirm
            isOpen={!!doomed}
            title={doomed ? confirmTitle(doomed) : ''}
            content={t('confirmRemoveContent')}
            confirm="app.ok"
            cancel="ra.action.cancel"
            confirmColor="warning"
            onConfirm={() => doomed && void remove(doomed)}
            onClose={() => setDoomed(undefined)}
        />
    );
    return { add, removeButton, dialog };
};
