/** The deployment texts the console's first download carries (its English messages), kept apart from the zod schemas. */
export const DEPLOYMENT_NAME_MAX = 100;

export const DEPLOYMENT_MESSAGES = {
    name: 'Name may hold letters, numbers and punctuation only',
    firmwareRequired: 'Firmware is required',
    devicesRequired: 'Choose at least one device',
    oneTarget: 'Choose devices or a filter, not both',
    share: 'Each phase but the last takes from 1 to 99 percent of the devices',
    shares: 'The phases before the last must leave devices for the last one',
    startOrder: 'A phase cannot start before the one before it',
    phasesRequired: 'Add at least one phase',
    retries: 'Retries are a whole number from 0 to 10',
    incompatible: 'Some chosen devices are not compatible with this firmware',
    notFound: 'Some chosen devices do not exist or are not approved',
    noDevices: 'No approved device compatible with this firmware matches the filter',
    unverified: 'This firmware’s signature could not be verified with the account’s public keys; it cannot be deployed.',
    notAbortable: 'Only a deployment that has not finished can be aborted.',
} as const;
