import { Box, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Datagrid, FunctionField, ListBase, Pagination, useTranslate } from 'react-admin';
import type { ListedCard } from '../../../contract/cards';
import { formatDate } from '../../i18n/format';
import { ListEmpty } from '../../lists/ListEmpty';
import { PAGE_SIZES } from '../../lists/listQuery';
import { AddCardForm, ADD_CARD_FORM, CardText, HolderLink, RemoveCard, ToFormButton } from './CardListScreen';
import { fixedAccount } from './FormAccount';

/**
 * The exclusion list (GET/POST/DELETE /exclusion) of one account's settings: badges whose holders never expire
 * (SPEC 4.7). The settings page names the account, so the list neither filters by account nor keeps its state in
 * the address.
 */
export const ExclusionList = ({ accountId, mayWrite }: { accountId: number; mayWrite: boolean }) => {
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const reload = () => void queryClient.invalidateQueries({ queryKey: ['exclusion'] });
    const t = (key: string) => translate(`resources.exclusion.${key}`);
    return (
        <Box>
            <Typography variant="h6">{t('title')}</Typography>
            <Typography variant="body2" color="text.secondary">
                {t('intro')}
            </Typography>
            {mayWrite && (
                <Box sx={{ mx: -2 }}>
                    <AddCardForm path="/exclusion" label="resources.exclusion.add" account={fixedAccount(accountId)} onAdded={reload} />
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
                <Datagrid
                    bulkActionButtons={false}
                    rowClick={false}
                    size="small"
                    aria-label={t('title')}
                    empty={
                        <ListEmpty text="resources.exclusion.empty">
                            {mayWrite && <ToFormButton form={ADD_CARD_FORM} label="resources.exclusion.add" />}
                        </ListEmpty>
                    }
                >
                    <FunctionField
                        source="badge_number"
                        label="resources.profiles.fields.badge_number"
                        render={(c: ListedCard) => <CardText card={c} />}
                    />
                    <FunctionField
                        source="profile"
                        sortable={false}
                        label="resources.opt_out.holder"
                        render={(c: ListedCard) => <HolderLink card={c} />}
                    />
                    <FunctionField
                        source="created_at"
                        label="resources.profiles.fields.created_at"
                        render={(c: ListedCard) => formatDate(c.created_at)}
                    />
                    {mayWrite && (
                        <FunctionField
                            label=""
                            sortable={false}
                            render={(c: ListedCard) => (
                                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                                    <RemoveCard path="/exclusion" card={c} texts="resources.exclusion" onDone={reload} />
                                </Stack>
                            )}
                        />
                    )}
                </Datagrid>
                <Pagination rowsPerPageOptions={PAGE_SIZES} />
            </ListBase>
        </Box>
    );
};
