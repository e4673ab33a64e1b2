import {
    Box,
    Card,
    CardContent,
    Chip,
    LinearProgress,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { ListReply } from '../../../contract/api';
import { RESOURCES } from '../../../contract/rights';
import type { RoleInfo } from '../../../contract/rolesInfo';
import type { ConsoleDataProvider } from '../../dataProvider';
import { LoadFailure } from '../../components/LoadFailure';

/** The Roles screen (SPEC leaves its content open): every role, whether you may give it, and what it may do. */
export const RolesPage = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data, error, refetch, isPending } = useQuery({
        queryKey: ['roles'],
        queryFn: () => dataProvider.call<ListReply<RoleInfo>>('/roles', { noAccount: true }),
    });
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('resources.roles.name', { smart_count: 2 })} />
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('resources.roles.intro')}
            </Typography>
            {isPending && <LinearProgress />}
            {error && <LoadFailure onRefresh={() => void refetch()} />}
            {data && (
                <>
                    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
                        {data.result.map(role => (
                            <Card key={role.id} variant="outlined" sx={{ minWidth: 180 }}>
                                <CardContent>
                                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                                        {role.label}
                                    </Typography>
                                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                                        {role.id}
                                    </Typography>
                                    <Chip
                                        size="small"
                                        color={role.assignable ? 'success' : 'default'}
                                        label={translate(role.assignable ? 'resources.roles.assignable' : 'resources.roles.notAssignable')}
                                    />
                                </CardContent>
                            </Card>
                        ))}
                    </Box>
                    <TableContainer component={Card} variant="outlined">
                        <Table size="small" aria-label={translate('resources.roles.matrix')}>
                            <TableHead>
                                <TableRow>
                                    <TableCell>{translate('resources.roles.resource')}</TableCell>
                                    {data.result.map(role => (
                                        <TableCell key={role.id}>{role.label}</TableCell>
                                    ))}
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {RESOURCES.map(resource => (
                                    <TableRow key={resource} hover>
                                        <TableCell component="th" scope="row">
                                            {translate(`resources.roles.resources.${resource}`)}
                                        </TableCell>
                                        {data.result.map(role => (
                                            <TableCell key={role.id}>
                                                {role.rights[resource]?.length ? (
                                                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                                                        <Check fontSize="inherit" color="success" />
                                                        <Typography variant="caption">
                                                            {role.rights[resource]
                                                                .map(a => translate(`resources.roles.actions.${a}`))
                                                                .join(', ')}
                                                        </Typography>
                                                    </Box>
                                                ) : (
                                                    <Typography variant="caption" color="text.disabled">
                                                        —
                                                    </Typography>
                                                )}
                                            </TableCell>
                                        ))}
                                    </TableRow>
                                ))}
                            </TableBody>
                        </Table>
                    </TableContainer>
                </>
            )}
        </Box>
    );
};
