import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { SearchInput, SelectInput, TextInput, useDataProvider, useTranslate, type SelectInputProps } from 'react-admin';
import { DEVICE_STATUSES } from '../../../../contract/deviceValues';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { accountScopeFilter, scopeQuery, type AccountScope } from '../../../lists/accountScope';

interface FilterValues {
    board_type: string[];
    release: string[];
    device_mode: string[];
}

/** The board types, releases and modes present in the list's scope (GET /devices/filter_values). */
const filterValuesQuery = (dataProvider: ConsoleDataProvider, accountId: string | undefined) =>
    queryOptions({
        queryKey: ['devices', 'filter_values', accountId ?? ''],
        queryFn: ({ signal }) => dataProvider.call<FilterValues>('/devices/filter_values', { query: scopeQuery(accountId), signal }),
        staleTime: 60_000,
    });

export const useFilterValues = (accountId: string | undefined) =>
    useQuery(filterValuesQuery(useDataProvider<ConsoleDataProvider>(), accountId));

/**
 * Asks for the values with the list, so a filter opened at once has its choices, without the list waiting for
 * them or rendering again when they arrive (it does not read them).
 */
export const usePrefetchedFilterValues = (accountId: string | undefined) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const queryClient = useQueryClient();
    useEffect(() => {
        void queryClient.prefetchQuery(filterValuesQuery(dataProvider, accountId));
    }, [queryClient, dataProvider, accountId]);
};

const asChoices = (values: string[] | undefined) => (values ?? []).map(v => ({ id: v, name: v }));

/** A choice among the values present in the scope; it reads them itself, so the list does not render again for them. */
const PresentValueInput = ({
    source,
    accountId,
    ...rest
}: SelectInputProps & { source: keyof FilterValues; accountId: string | undefined }) => {
    const { data: values } = useFilterValues(accountId);
    return <SelectInput source={source} choices={asChoices(values?.[source])} {...rest} />;
};

/** The filters of the Devices list; the account filter only for the roles that have it. */
export const useDeviceFilters = (scope: AccountScope) => {
    const { accountId } = scope;
    const translate = useTranslate();
    const statusChoices = DEVICE_STATUSES.map(s => ({ id: s, name: translate(`resources.devices.statuses.${s}`) }));
    return [
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
        ...accountScopeFilter(scope),
        <SelectInput
            key="auth_required"
            source="auth_required"
            choices={[
                { id: 'true', name: translate('app.yes') },
                { id: 'false', name: translate('app.no') },
            ]}
        />,
        <PresentValueInput key="device_mode" source="device_mode" accountId={accountId} />,
        <PresentValueInput key="board_type" source="board_type" accountId={accountId} />,
        <PresentValueInput key="release" source="release" accountId={accountId} />,
        <TextInput key="id" source="id" label="resources.devices.fields.ids" helperText="resources.devices.idsHelp" />,
        <TextInput key="hardware_id" source="hardware_id" />,
    ];
};
