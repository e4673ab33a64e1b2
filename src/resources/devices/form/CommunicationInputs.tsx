import { Box } from '@mui/material';
import { NumberInput, ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PICKER_PAGE_SIZE } from '../../../../contract/constants';
import { COMMUNICATION_OPTIONS } from '../../../../contract/devices';
import type { Device } from '../types';

const BAUD_RATES = [9600, 19200, 38400, 57600, 115200];

/** The reader's ACS output: off, Wiegand with the card format it sends (GET /card_formats), or OSDP with its address and speed. */
export const CommunicationInputs = () => {
    const record = useRecordContext<Device>();
    const communication = useWatch({ name: 'communication' });
    return (
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
            <SelectInput
                source="communication"
                choices={COMMUNICATION_OPTIONS.map(c => ({ id: c, name: `resources.devices.communications.${c}` }))}
                isRequired
            />
            {communication === 'wiegand' && (
                <ReferenceInput
                    source="communication_settings.wiegand_card_format_id"
                    reference="card_formats"
                    perPage={PICKER_PAGE_SIZE}
                    sort={{ field: 'name', order: 'ASC' }}
                    filter={{ account_id: record?.account_id }}
                >
                    <SelectInput optionText="name" label="resources.devices.fields.communication_settings.wiegand_card_format_id" />
                </ReferenceInput>
            )}
            {communication === 'osdp' && (
                <>
                    <NumberInput source="communication_settings.osdp_address" min={0} max={126} step={1} />
                    <SelectInput
                        source="communication_settings.osdp_baud_rate"
                        choices={BAUD_RATES.map(b => ({ id: b, name: String(b) }))}
                    />
                </>
            )}
        </Box>
    );
};
