import { useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'react-admin';
import type { ListedCard } from '../../../contract/cards';
import { formatDate } from '../../i18n/format';
import { PAGE_SIZES } from '../../lists/listQuery';
import { AddCardForm, CardText, HolderLink, RemoveCard } from './CardListScreen';

/** The exclusion list (GET/POST/DELETE /exclusion): badges whose holders never expire (SPEC 4.7). */
export const ExclusionList = ({ accountId, mayWrite }: { accountId: number; mayWrite: boolean }) => {
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const [page, setPage] = useState({ page: 1, perPage: PAGE_SIZES[0] as number });
    const { data = [], total = 0 } = useGetList<ListedCard>('exclusion', {
        pagination: page,
        sort: { field: 'created_at', order: 'DESC' },
        filter: { account_id: accountId },
    });
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
                    <AddCardForm path="/exclusion" label="resources.exclusion.add" accountId={accountId} onAdded={reload} />
                </Box>
            )}
            <Table size="small" aria-label={t('title')}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('resources.profiles.fields.badge_number')}</TableCell>
                        <TableCell>{translate('resources.opt_out.holder')}</TableCell>
                        <TableCell>{translate('resources.profiles.fields.created_at')}</TableCell>
                        {mayWrite && <TableCell />}
                    </TableRow>
                </TableHead>
                <TableBody>
                    {data.map(c => (
                        <TableRow key={c.id}>
                            <TableCell>
                                <CardText card={c} />
                            </TableCell>
                            <TableCell>
                                <HolderLink card={c} />
                            </TableCell>
                            <TableCell>{formatDate(c.created_at)}</TableCell>
                            {mayWrite && (
                                <TableCell align="right">
                                    <RemoveCard path="/exclusion" card={c} texts="resources.exclusion" onDone={reload} />
                                </TableCell>
                            )}
                        </TableRow>
                    ))}
                </TableBody>
            </Table>
            <TablePagination
                component="div"
                count={total}
                page={page.page - 1}
                rowsPerPage={page.perPage}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onPageChange={(_e, p) => setPage({ ...page, page: p + 1 })}
                onRowsPerPageChange={e => setPage({ page: 1, perPage: Number(e.target.value) })}
                labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            />
        </Box>
    );
};
