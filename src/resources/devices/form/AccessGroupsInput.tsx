import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import { PICKER_DEBOUNCE_MS, PICKER_PAGE_SIZE } from '../../../../contract/constants';

/** The access groups a device serves: a picker over the device's account's groups (SPEC 7.1: per_page 999999, search after 400 ms). */
export const AccessGroupsInput = ({
    accountId,
    source = 'access_group_ids',
    helperText,
}: {
    accountId: number | undefined;
    source?: string;
    helperText?: string;
}) => (
    <ReferenceArrayInput
        source={source}
        reference="access_groups"
        perPage={PICKER_PAGE_SIZE}
        sort={{ field: 'description', order: 'ASC' }}
        filter={accountId ? { account_id: accountId } : {}}
    >
        <AutocompleteArrayInput
            optionText="description"
            filterToQuery={q => ({ q })}
            debounce={PICKER_DEBOUNCE_MS}
            label="resources.devices.fields.access_group_ids"
            helperText={helperText ?? 'resources.devices.accessGroupsHelp'}
            fullWidth
        />
    </ReferenceArrayInput>
);
