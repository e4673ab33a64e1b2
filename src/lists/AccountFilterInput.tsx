import { useMemo } from 'react';
import { AutocompleteInput, useTranslate } from 'react-admin';
import { useAccountList } from '../session/accounts';

/**
 * SPEC 6.3 account filter (admin, dealer, installer: hasAccountFilter): one
 * account of the list; `all` adds a choice for every account in reach, under
 * that value, for lists that take cross_account.
 */
export const AccountFilterInput = ({
    source,
    label,
    all,
}: {
    source: string;
    label?: string;
    alwaysOn?: boolean;
    all?: { value: string; label: string };
}) => {
    const translate = useTranslate();
    const { data } = useAccountList();
    const choices = useMemo(
        () => [
            ...(all ? [{ id: all.value, name: translate(all.label) }] : []),
            ...(data ?? []).map(a => ({ id: String(a.id), name: a.name })),
        ],
        [data, translate, all],
    );
    return <AutocompleteInput source={source} label={label} choices={choices} sx={{ minWidth: 240 }} />;
};
