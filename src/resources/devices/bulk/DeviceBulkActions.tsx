import Download from '@mui/icons-material/Download';
import EditNote from '@mui/icons-material/EditNote';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { Button, useDataProvider, useListContext } from 'react-admin';
import { BulkDeleteButton } from '../../../lists/BulkDeleteButton';
import { useNavigate } from 'react-router-dom';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { useDeviceNotices } from '../deviceNotices';
import { saveFile, stampedName, timezoneOffset } from '../../../dataProvider/files';
import { TOP } from '../types';
import { useRefreshDevices } from '../useDeviceCall';
import type { DeviceRights } from '../useDeviceRights';

/** The chosen devices' configurations as CSV, times in the browser's time zone (SPEC 9 'devices-configs'). */
const ExportConfigsButton = ({ ids }: { ids: number[] }) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useDeviceNotices();
    const exportCsv = async () => {
        try {
            const file = await dataProvider.download('/devices/bulk/config/export', {
                device_ids: ids.join(','),
                timezone_offset: timezoneOffset(),
            });
            saveFile(file, stampedName('devices-configs', 'csv'));
        } catch (e) {
            notices.failed('resources.devices.errors.download', e);
        }
    };
    return (
        <Button label="resources.devices.bulk.exportConfigs" onClick={() => void exportCsv()}>
            <Download />
        </Button>
    );
};

const DELETE_TEXTS = {
    title: 'resources.devices.bulk.deleteTitle',
    content: 'resources.devices.bulk.deleteContent',
    deleted: 'resources.devices.bulk.deleted',
};
const deviceIds = (ids: number[]) => ({ device_ids: ids });

/** SPEC 6.2 bulk operations on the selected devices, each for the roles that hold its right. */
export const DeviceBulkActions = ({ rights }: { rights: DeviceRights }) => {
    const { selectedIds, onUnselectItems } = useListContext();
    const navigate = useNavigate();
    const refresh = useRefreshDevices();
    const ids = selectedIds.map(Number);
    const query = `?ids=${ids.join(',')}`;
    return (
        <>
            {rights.bulkEdit && (
                <Button label="resources.devices.bulk.edit" onClick={() => navigate(`/devices/bulk/edit${query}`, TOP)}>
                    <EditNote />
                </Button>
            )}
            {rights.bulkReboot && (
                <Button label="resources.devices.bulk.reboot" onClick={() => navigate(`/devices/bulk/reboot${query}`, TOP)}>
                    <RestartAlt />
                </Button>
            )}
            {rights.downloadConfig && <ExportConfigsButton ids={ids} />}
            {rights.bulkDelete && (
                <BulkDeleteButton
                    resource="devices"
                    path="/devices/bulk"
                    body={deviceIds}
                    ids={ids}
                    texts={DELETE_TEXTS}
                    onDone={async () => {
                        onUnselectItems();
                        await refresh();
                    }}
                />
            )}
        </>
    );
};

/** Whether the role has any bulk operation, i.e. whether rows get checkboxes at all. */
export const hasBulkActions = (rights: DeviceRights) => rights.bulkEdit || rights.bulkReboot || rights.downloadConfig || rights.bulkDelete;
