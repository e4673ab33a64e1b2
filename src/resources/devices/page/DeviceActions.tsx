import { useState } from 'react';
import Block from '@mui/icons-material/Block';
import Download from '@mui/icons-material/Download';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { Button, Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { useDeviceNotices } from '../deviceNotices';
import { saveFile } from '../../../dataProvider/files';
import type { Device } from '../types';
import { useDeviceAction } from '../useDeviceCall';

/** A device action behind an OK/Cancel confirmation (SPEC 5: destructive actions ask first). */
const ConfirmedAction = ({
    label,
    icon,
    title,
    content,
    color,
    run,
}: {
    label: string;
    icon: React.ReactElement;
    title: string;
    content: string;
    color?: 'error' | 'warning';
    run: () => Promise<void>;
}) => {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    const [busy, setBusy] = useState(false);
    return (
        <>
            <Button
                label={label}
                color={color}
                onClick={e => {
                    e.stopPropagation();
                    setOpen(true);
                }}
            >
                {icon}
            </Button>
            <Confirm
                isOpen={open}
                loading={busy}
                title={title}
                content={translate(content)}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={async () => {
                    setBusy(true);
                    await run();
                    setBusy(false);
                    setOpen(false);
                }}
                onClose={() => setOpen(false)}
            />
        </>
    );
};

/** Reboot: the reader takes the command at its next heartbeat and acknowledges it once back. */
export const RebootButton = ({ device }: { device: Device }) => {
    const translate = useTranslate();
    const notices = useDeviceNotices();
    const act = useDeviceAction();
    return (
        <ConfirmedAction
            label="resources.devices.actions.reboot"
            icon={<RestartAlt />}
            color="warning"
            title={translate('resources.devices.reboot.title', { name: device.description })}
            content="resources.devices.reboot.content"
            run={async () => {
                try {
                    await act(device.id, 'reboot');
                    notices.success(translate('resources.devices.reboot.done'), translate('resources.devices.reboot.doneText'));
                } catch (e) {
                    notices.failed('resources.devices.errors.reboot', e);
                }
            }}
        />
    );
};

/** Reject a pending reader: its calls are refused until someone approves it. */
export const RejectButton = ({ device }: { device: Device }) => {
    const translate = useTranslate();
    const notices = useDeviceNotices();
    const act = useDeviceAction();
    return (
        <ConfirmedAction
            label="resources.devices.actions.reject"
            icon={<Block />}
            color="error"
            title={translate('resources.devices.reject.title', { hardware_id: device.hardware_id })}
            content="resources.devices.reject.content"
            run={async () => {
                try {
                    await act(device.id, 'reject');
                    notices.success(translate('resources.devices.reject.done'));
                } catch (e) {
                    notices.failed('resources.devices.errors.reject', e);
                }
            }}
        />
    );
};

/** The configuration file the reader receives, secrets masked (GET /devices/{id}/config). */
export const DownloadConfigButton = ({ device }: { device: Device }) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useDeviceNotices();
    const download = async () => {
        try {
            saveFile(await dataProvider.download(`/devices/${device.id}/config`), `device-${device.id}-config.json`);
        } catch (e) {
            notices.failed('resources.devices.errors.download', e);
        }
    };
    return (
        <Button label="resources.devices.actions.downloadConfig" onClick={() => void download()}>
            <Download />
        </Button>
    );
};
