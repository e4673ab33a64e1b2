/** The devices feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { buildDeviceConfig } from './config';
export { insertDeviceLogs } from './logs';
export {
    accountByRegistrationCode,
    ackCommand,
    allDevices,
    configEtag,
    devicesByState,
    findDevice,
    findDeviceByHardwareId,
    holdForAuthentication,
    insertPendingDevice,
    listDevices,
    mainAccountId,
    pendingDeviceCount,
    recordDeviceStateEvent,
    recordHeartbeat,
    registrationCode,
    registrationsFrom,
    setDeviceKey,
    storedOnvif,
    storedSip,
    takeCommands,
    updateDeviceParameters,
    updateRegistrationInfo,
} from './queries';
export type { DeviceFilters } from './queries';
export { newRegistrationCode } from './registration';
