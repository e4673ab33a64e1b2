import { eq } from 'drizzle-orm';
import type { DeviceConfig } from '../../../contract/device-api';
import type { Db } from '../../db/database';
import { accessGroups, cardFormats, deviceAccessGroups } from '../../db/schema';
import { accessList } from '../profiles';
import { deviceSchedules } from '../schedules';
import { deviceCredentials } from '../../http/deviceAuth';
import { configEtag, findDevice, sipFieldsOf, tempEnrollmentOn } from './queries';

/**
 * Everything a reader applies (docs/decisions.md "Readers and the device API"): its
 * parameters, secrets included (only the reader itself receives them), its
 * temporary enrollment, its access groups with their profiles and badges
 * and the schedules they follow,
 * and the card formats those badges and its Wiegand output use.
 */
export const buildDeviceConfig = async (
    db: Db,
    deviceId: number,
    heartbeatSeconds: number,
    now: Date,
): Promise<DeviceConfig | undefined> => {
    // Versions first: the body may be newer than its ETag, never older.
    const versions = await deviceCredentials(db, deviceId);
    const device = await findDevice(db, deviceId);
    if (!device || !versions) return undefined;
    const groups = await db
        .select({ id: accessGroups.id, description: accessGroups.description, schedule_id: accessGroups.schedule_id })
        .from(deviceAccessGroups)
        .innerJoin(accessGroups, eq(accessGroups.id, deviceAccessGroups.access_group_id))
        .where(eq(deviceAccessGroups.device_id, deviceId))
        .orderBy(accessGroups.id);
    const { entries, formats, optOut } = await accessList(db, deviceId, device.account_id);
    const schedules = await deviceSchedules(db, deviceId);
    const outputFormatId = device.communication === 'wiegand' ? device.communication_settings.wiegand_card_format_id : undefined;
    const extra =
        outputFormatId && !formats.some(f => f.id === outputFormatId)
            ? await db.select().from(cardFormats).where(eq(cardFormats.id, outputFormatId))
            : [];
    const usedFormats = [...formats, ...extra].filter((f, i, all) => all.findIndex(g => g.id === f.id) === i).sort((a, b) => a.id - b.id);
    const { onvif, sip } = device;
    return {
        etag: configEtag(versions.config_version, versions.access_version),
        config_version: versions.config_version,
        device: { id: device.id, hardware_id: device.hardware_id, description: device.description },
        account: { id: device.account_id, name: device.account_name },
        role: device.role,
        security_level: device.security_level,
        led_option: device.led_option,
        communication: device.communication,
        communication_settings: device.communication_settings,
        onvif: {
            managed_by: onvif.managed_by,
            username: onvif.username ?? null,
            password: onvif.password ?? null,
            user_level: onvif.user_level ?? null,
        },
        sip: { ...sipFieldsOf(sip), password: sip.password ?? null },
        temp_enrollment: {
            on: tempEnrollmentOn(device, now),
            until: tempEnrollmentOn(device, now) ? device.temp_enrollment_until!.toISOString() : null,
        },
        heartbeat_interval_seconds: heartbeatSeconds,
        card_formats: usedFormats.map(f => ({ id: f.id, key: f.key, name: f.name, bits: f.bits })),
        access_groups: groups,
        schedules,
        access_list: entries,
        opt_out: optOut,
    };
};
