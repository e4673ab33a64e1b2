import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import EditNote from '@mui/icons-material/EditNote';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { Button, Confirm, useDataProvider, useListContext, useTranslate } from 'react-admin';
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

const BulkDeleteButton = ({ ids, onDone }: { ids: number[]; onDone: () => void }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useDeviceNotices();
    const refresh = useRefreshDevices();
    const [open, setOpen] = useState(false);
    const [busy, setBusy] = useState(false);
    const remove = async () => {
        setBusy(true);
        try {
            const { deleted } = await dataProvider.call<{ deleted: number }>('/devices/bulk', {
                method: 'DELETE',
                body: { device_ids: ids },
            });
            notices.deletedMany('devices', deleted, translate('resources.devices.bulk.deleted', { smart_count: deleted }));
            onDone();
            await refresh();
        } catch (e) {
            notices.deleteFailed('devices', e);
        } finally {
            setBusy(false);
            setOpen(false);
        }
    };
    return (
        <>
            <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
                <DeleteIcon />
            </Button>
            <Confirm
                isOpen={open}
                loading={busy}
                title={translate('resources.devices.bulk.deleteTitle', { smart_count: ids.length })}
                content={translate('resources.devices.bulk.deleteContent')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void remove()}
                onClose={() => setOpen(false)}
            />
        </>
    );
};

/** SPEC 6.2 bulk operations on the selected devices, each for the roles that hold its right. */
export const DeviceBulkActions = ({ rights }: { rights: DeviceRights }) => {
    const { selectedIds, onUnselectItems } = useListContext();
    const navigate = useNavigate();
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
            {rights.bulkDelete && <BulkDeleteButton ids={ids} onDone={() => onUnselectItems()} />}
        </>
    );
};

/** Whether the role has any bulk operation, i.e. whether rows get checkboxes at all. */
export const hasBulkActions = (rights: DeviceRights) => rights.bulkEdit || rights.bulkReboot || rights.downloadConfig || rights.bulkDelete;
