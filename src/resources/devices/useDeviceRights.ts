import { can, type Action } from '../../../contract/rights';
import { canOpenRoute, hasAccountFilter } from '../../../contract/routes';
import { useSession } from '../../session/useSession';

/**
 * What the signed-in role may do with devices (SPEC 6.2, 6.3), read from the
 * same matrix the server enforces: the console only shows and hides.
 */
export const useDeviceRights = () => {
    const session = useSession();
    const has = (action: Action) => !!session && can(session.role, 'devices', action);
    return {
        ready: !!session,
        write: has('write'),
        edit: has('edit'),
        remove: has('delete'),
        bulkEdit: !!session && canOpenRoute('bulkDeviceEdit', session.flags),
        bulkReboot: !!session && canOpenRoute('bulkDeviceReboot', session.flags),
        bulkDelete: has('bulk_delete'),
        downloadConfig: has('download_config'),
        logs: !!session && can(session.role, 'deviceLogs', 'read'),
        /** SPEC 6.3: admin, dealer and installer filter by account and reach the accounts below theirs */
        accounts: !!session && hasAccountFilter(session.role),
    };
};
export type DeviceRights = ReturnType<typeof useDeviceRights>;
