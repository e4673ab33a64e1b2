import { Box, Typography } from '@mui/material';
import { ListBase, Pagination, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../lists/listQuery';
import { AddCardForm, CardGrid } from './CardListScreen';
import { fixedAccount } from './FormAccount';

/**
 * The exclusion list (GET/POST/DELETE /exclusion) of one account's settings: badges whose holders never expire
 * (SPEC 4.7). The settings page names the account, so the list neither filters by account nor keeps its state in
 * the address.
 */
export const ExclusionList = ({ accountId, mayWrite }: { accountId: number; mayWrite: boolean }) => {
    const translate = useTranslate();
    const t = (key: string) => translate(`resources.exclusion.${key}`);
    return (
        <Box>
            <Typography variant="h6">{t('title')}</Typography>
            <Typography variant="body2" color="text.secondary">
                {t('intro')}
            </Typography>
            {mayWrite && (
                <Box sx={{ mx: -2 }}>
                    <AddCardForm resource="exclusion" texts="resources.exclusion" account={fixedAccount(accountId)} />
                </Box>
            )}
            <ListBase
                resource="exclusion"
                filter={{ account_id: accountId }}
                sort={{ field: 'created_at', order: 'DESC' }}
                perPage={PAGE_SIZES[0]}
                disableSyncWithLocation
                storeKey={false}
            >
                <CardGrid
                    resource="exclusion"
                    texts="resources.exclusion"
                    mayWrite={mayWrite}
                    emptyText="resources.exclusion.empty"
                    aria-label={t('title')}
                />
                <Pagination rowsPerPageOptions={PAGE_SIZES} />
            </ListBase>
        </Box>
    );
};
