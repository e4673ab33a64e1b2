import type { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES } from '../../../contract/device-api';
import type { DeviceRecord } from '../../../contract/devices';

export type Device = DeviceRecord;

/** A command sent to a reader and its outcome (GET /devices/{id}/commands). */
export interface DeviceCommandRecord {
    id: number;
    type: (typeof DEVICE_COMMAND_TYPES)[number];
    status: (typeof DEVICE_COMMAND_STATUSES)[number];
    created_at: string;
    sent_at: string | null;
    completed_at: string | null;
    result: string | null;
}

/** Approved readers are online or offline; pending and rejected ones take no command. */
export const isApproved = (device: Pick<Device, 'status'>) => device.status === 'online' || device.status === 'offline';

/** The reader reported running the configuration version the console last set. */
export const configApplied = (device: Pick<Device, 'config_version' | 'applied_config_version'>) =>
    device.applied_config_version !== null && device.applied_config_version >= device.config_version;

/** A command is over once the reader acknowledged it (or it expired). */
export const commandFinished = (command: Pick<DeviceCommandRecord, 'status'>) =>
    command.status === 'done' || command.status === 'failed' || command.status === 'expired';

/** Navigation state that makes react-admin's layout scroll the new screen to its top. */
export const TOP = { state: { _scrollToTop: true } };
