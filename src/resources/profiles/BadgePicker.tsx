import { useState } from 'react';
import { Autocomplete, Box, Button as MuiButton, TextField } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ListReply } from '../../../contract/api';
import type { AccountBadge } from '../../../contract/cards';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { Query } from '../../dataProvider/http';
import { useDebounced } from '../../lists/useDebounced';
import { useAccountList } from '../../session/accounts';

const badgeText = (b: AccountBadge) => `${b.facility_code === null ? '' : `${b.facility_code}:`}${b.badge_number}`;

/**
 * The badge picker (GET /cards/autocomplete, SPEC 9 picker debounce): a
 * badge by number, FC:NUMBER or its holder's ACS ID, in the accounts of
 * `query` (scopeQuery; the current account without it), each named with its
 * account when `withAccount`; `onPick` gets the chosen badge when the button
 * is pressed.
 */
export const BadgePicker = ({
    id,
    label,
    button,
    onPick,
    query = {},
    withAccount = false,
}: {
    id?: string;
    label: string;
    button: string;
    onPick: (badge: AccountBadge) => Promise<boolean>;
    query?: Query;
    withAccount?: boolean;
}) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data: accounts } = useAccountList();
    const [typed, setTyped] = useState('');
    const [chosen, setChosen] = useState<AccountBadge | null>(null);
    const q = useDebounced(typed);
    const { data, isFetching } = useQuery({
        queryKey: ['cards', 'autocomplete', q, query],
        queryFn: ({ signal }) => dataProvider.call<ListReply<AccountBadge>>('/cards/autocomplete', { query: { ...query, q }, signal }),
    });
    const accountName = (b: AccountBadge) => accounts?.find(a => a.id === b.account_id)?.name ?? `#${b.account_id}`;
    return (
        <Box
            id={id}
            tabIndex={-1}
            role="group"
            aria-label={translate(button)}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1 }}
        >
            <Autocomplete
                size="small"
                sx={{ width: 420 }}
                options={data?.result ?? []}
                loading={isFetching}
                value={chosen}
                onChange={(_e, v) => setChosen(v)}
                inputValue={typed}
                onInputChange={(_e, v) => setTyped(v)}
                filterOptions={options => options}
                getOptionLabel={b =>
                    [
                        badgeText(b),
                        b.card_format_name,
                        b.acs_id ?? translate('resources.profiles.noAcsId', { id: b.profile_id }),
                        ...(withAccount ? [accountName(b)] : []),
                    ].join(' · ')
                }
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={params => <TextField {...params} label={translate(label)} />}
            />
            <MuiButton
                variant="outlined"
                startIcon={<Add />}
                disabled={!chosen}
                onClick={() => void onPick(chosen!).then(ok => ok && (setChosen(null), setTyped('')))}
            >
                {translate(button)}
            </MuiButton>
        </Box>
    );
};
