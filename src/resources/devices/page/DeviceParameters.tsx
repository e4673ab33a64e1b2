import { useGetMany, useTranslate } from 'react-admin';
import { can } from '../../../../contract/rights';
import { useSession } from '../../../session/useSession';
import type { useDeviceLabels } from './DeviceFields';
import { Facts } from '../../../components/Facts';
import type { Device } from '../types';

/** The Wiegand output's card format by name, for roles that may read card formats. */
const CardFormatName = ({ id }: { id: number }) => {
    const session = useSession();
    const allowed = !!session && can(session.role, 'cardFormats', 'read');
    const { data } = useGetMany<{ id: number; name: string }>('card_formats', { ids: [id] }, { enabled: allowed, retry: false });
    return <>{data?.[0]?.name ?? `#${id}`}</>;
};

/** The parameters set in Modify Device Parameters, as they are stored (secrets only as "set"). */
export const DeviceParameters = ({ device, labels }: { device: Device; labels: ReturnType<typeof useDeviceLabels> }) => {
    const translate = useTranslate();
    const settings = device.communication_settings;
    const communication =
        device.communication === 'wiegand' && settings.wiegand_card_format_id ? (
            <>
                {labels.communication('wiegand')} · <CardFormatName id={settings.wiegand_card_format_id} />
            </>
        ) : device.communication === 'osdp' ? (
            translate('resources.devices.osdpSummary', { address: settings.osdp_address ?? '-', baud: settings.osdp_baud_rate ?? '-' })
        ) : (
            labels.communication(device.communication)
        );
    const onvif =
        device.onvif.managed_by === 'protocol'
            ? translate('resources.devices.onvifManagers.protocol')
            : `${translate('resources.devices.onvifManagers.platform')} · ${device.onvif.username ?? '-'} · ${device.onvif.user_level ? translate(`resources.devices.onvifLevels.${device.onvif.user_level}`) : '-'}`;
    const sip = device.sip.enabled
        ? `${device.sip.username ?? ''}@${device.sip.domain ?? ''}:${device.sip.port ?? ''} (${device.sip.transport ? translate(`resources.devices.transports.${device.sip.transport}`) : '-'}), ${translate('resources.devices.fields.sip.extension')} ${device.sip.extension ?? '-'}`
        : translate('resources.devices.sipOff');
    return (
        <Facts
            rows={[
                ['resources.devices.fields.role', labels.role(device.role)],
                ['resources.devices.fields.security_level', labels.securityLevel(device.security_level)],
                ['resources.devices.fields.led_option', labels.led(device.led_option)],
                ['resources.devices.fields.communication', communication],
                ['resources.devices.sections.onvif', onvif],
                ['resources.devices.sections.sip', sip],
            ]}
        />
    );
};
