import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { ACCOUNT_OPTIONS, optionOn, type AccountOption } from '../../../contract/session';
import type { ConsoleDataProvider } from '../../dataProvider';
import { useSession } from '../../session/useSession';

/** SPEC 2.7: the spoofing group is offered only when spoofing detection is on for the current account (option spf/enabled). */
export const useSpoofingEnabled = (): boolean => {
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data } = useQuery({
        queryKey: ['accounts', 'options', session?.currentAccountId],
        queryFn: ({ signal }) =>
            dataProvider.call<{ options: AccountOption[] }>(`/accounts/${session!.currentAccountId}/options`, { noAccount: true, signal }),
        enabled: !!session,
        staleTime: 60_000,
    });
    return optionOn(data?.options, ACCOUNT_OPTIONS.spoofingEnabled);
};
