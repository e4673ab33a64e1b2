import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AccountOption } from '../../../contract/session';
import type { ConsoleDataProvider } from '../../dataProvider';

/**
 * An account's options (GET/PUT /accounts/{id}/options) for a settings
 * section: undefined while loading, `failed` when they could not be read;
 * `save` replaces them all and resolves with what the server kept.
 */
export const useAccountOptions = (accountId: number) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const [options, setOptions] = useState<AccountOption[]>();
    const [failed, setFailed] = useState(false);
    useEffect(() => {
        dataProvider
            .call<{ options: AccountOption[] }>(`/accounts/${accountId}/options`, { noAccount: true })
            .then(r => setOptions(r.options))
            .catch(() => setFailed(true));
    }, [dataProvider, accountId]);
    const save = async (next: AccountOption[]) => {
        const r = await dataProvider.call<{ options: AccountOption[] }>(`/accounts/${accountId}/options`, {
            method: 'PUT',
            body: { options: next },
        });
        setOptions(r.options);
        return r.options;
    };
    return { options, failed, save };
};
