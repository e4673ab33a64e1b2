import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { DEVICE_MESSAGES, deviceUpdateInput } from '../../../../contract/devices';
import { MESSAGES } from '../../../../contract/validation';
import type { Device } from '../types';

interface StoredSecrets {
    onvifPassword: boolean;
    sipPassword: boolean;
}

/**
 * The passwords of the form: one left empty keeps the stored one, so it is
 * required only when none is stored yet (as the server checks).
 */
export const missingPasswords = (
    values: { onvif?: { managed_by?: string; password?: string | null }; sip?: { enabled?: boolean; password?: string | null } },
    stored: StoredSecrets,
) => {
    const missing: { onvif?: { password: { type: string; message: string } }; sip?: { password: { type: string; message: string } } } = {};
    if (values.onvif?.managed_by === 'platform' && !values.onvif.password && !stored.onvifPassword)
        missing.onvif = { password: { type: 'custom', message: DEVICE_MESSAGES.minimum6 } };
    if (values.sip?.enabled && !values.sip.password && !stored.sipPassword)
        missing.sip = { password: { type: 'custom', message: MESSAGES.required } };
    return missing;
};

/**
 * The Modify Device Parameters rules: contract/'s schema with its SPEC 5
 * texts, and the password rule, reported together so every wrong field shows
 * its message at once.
 */
export const deviceFormResolver = (stored: StoredSecrets): Resolver<FieldValues> => {
    const schema = zodResolver(deviceUpdateInput) as unknown as Resolver<FieldValues>;
    return async (values, context, options) => {
        const result = await schema(values, context, options);
        const missing = missingPasswords(values, stored);
        if (!missing.onvif && !missing.sip) return result;
        const errors = result.errors as FieldErrors & { onvif?: object; sip?: object };
        return {
            values: {},
            errors: {
                ...errors,
                ...(missing.onvif ? { onvif: { ...(errors.onvif ?? {}), ...missing.onvif } } : {}),
                ...(missing.sip ? { sip: { ...(errors.sip ?? {}), ...missing.sip } } : {}),
            } as FieldErrors,
        };
    };
};

/** The form's start: the record, with empty password fields (secrets never come back from the server). */
export const deviceFormDefaults = { onvif: { password: '' }, sip: { password: '' } };

/** Text inputs whose empty value must stay '' (react-admin turns '' into null; the schema wants a string). */
export const keepEmpty = (value: string | null) => value ?? '';

export const storedSecrets = (device: Pick<Device, 'onvif' | 'sip'>): StoredSecrets => ({
    onvifPassword: device.onvif.password_set,
    sipPassword: device.sip.password_set,
});
