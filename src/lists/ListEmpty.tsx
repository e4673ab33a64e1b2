import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Button, useListContext, useTranslate } from 'react-admin';

/**
 * What an empty list says. When only its account scope is set, nothing exists yet: `text` says how rows come to be and
 * `children` are the buttons that make them (each where the role may). When other filters are set, they match nothing:
 * it says so, with a way to clear them.
 */
export const ListEmpty = ({ text, children }: { text: string; children?: ReactNode }) => {
    const translate = useTranslate();
    const { filterValues, setFilters, displayedFilters } = useListContext();
    const { account_id, ...others } = filterValues as Record<string, unknown>;
    const filtered = Object.values(others).some(v => v !== undefined && v !== '');
    return (
        <Box sx={{ p: 3, textAlign: 'center' }} data-testid="list-empty">
            <Typography variant="body1" sx={{ mb: 1 }}>
                {translate(filtered ? 'app.lists.noMatch' : 'app.lists.nothingYet')}
            </Typography>
            {filtered ? (
                <Button
                    label="app.lists.clearFilters"
                    onClick={() => setFilters(account_id === undefined ? {} : { account_id }, displayedFilters, false)}
                />
            ) : (
                <>
                    <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 2 }}>
                        {translate(text)}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                        {children}
                    </Stack>
                </>
            )}
        </Box>
    );
};
