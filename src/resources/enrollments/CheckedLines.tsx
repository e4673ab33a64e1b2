import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import type { InviteCsvCheck } from '../../../contract/enrollments';

/** The lines of a checked file (POST /web-enrollments/csv/check), each with what an upload would do with it. */
export const CheckedLines = ({ checked }: { checked: InviteCsvCheck }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`resources.web_enrollments.upload.${key}`, options);
    const invited = checked.lines - checked.refused;
    return (
        <>
            <Alert severity={checked.refused ? 'error' : 'success'} role="status">
                {checked.refused
                    ? t('checkedRefused', { lines: checked.lines, refused: checked.refused })
                    : t('checkedGood', { smart_count: invited })}
            </Alert>
            <TableContainer sx={{ maxHeight: 420 }}>
                <Table size="small" stickyHeader aria-label={t('checkedLines')}>
                    <TableHead>
                        <TableRow>
                            <TableCell>{t('columns.line')}</TableCell>
                            <TableCell>{t('columns.name')}</TableCell>
                            <TableCell>{t('columns.email')}</TableCell>
                            <TableCell>{t('columns.badge')}</TableCell>
                            <TableCell>{t('columns.check')}</TableCell>
                        </TableRow>
                    </TableHead>
                    <TableBody>
                        {checked.rows.map(row => (
                            <TableRow key={row.line}>
                                <TableCell>{row.line}</TableCell>
                                <TableCell>{row.name}</TableCell>
                                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email}</TableCell>
                                <TableCell>{row.badge_number}</TableCell>
                                <TableCell>
                                    {row.problem ? (
                                        <Typography variant="body2" color="error">
                                            {row.problem}
                                        </Typography>
                                    ) : (
                                        <Typography
                                            variant="body2"
                                            color="success.main"
                                            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
                                        >
                                            <CheckCircle fontSize="inherit" />
                                            {t('willInvite')}
                                        </Typography>
                                    )}
                                </TableCell>
                            </TableRow>
                        ))}
                    </TableBody>
                </Table>
            </TableContainer>
            {checked.rows_more > 0 && (
                <Typography variant="body2" color="text.secondary">
                    {t('moreLines', { smart_count: checked.rows_more })}
                </Typography>
            )}
        </>
    );
};
