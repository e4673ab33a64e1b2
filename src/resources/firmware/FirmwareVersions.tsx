import { Box, Chip, Stack, Table, TableBody, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import CloudUpload from '@mui/icons-material/CloudUpload';
import SystemUpdate from '@mui/icons-material/SystemUpdate';
import {
    Button,
    DatagridConfigurable,
    FunctionField,
    ResourceContextProvider,
    SearchInput,
    TextField,
    TextInput,
    TopToolbar,
    useListContext,
    useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ArtifactRecord } from '../../../contract/firmware';
import { can } from '../../../contract/rights';
import { formatDate, formatFileSize } from '../../i18n/format';
import { QuickViewButton, useQuickView } from '../../components/quickView';
import { ALL_ACCOUNTS, accountColumn, accountScopeFilter, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { hideBelow } from '../../lists/hideBelow';
import { ConfirmDeleteButton } from '../../lists/ConfirmDeleteButton';
import { useAccountList } from '../../session/accounts';
import { useSession } from '../../session/useSession';
import { UploadForm } from './UploadForm';

const SORT = { field: 'updated_at', order: 'DESC' } as const;

const artifactFilters = (scope: AccountScope) => [
    <SearchInput key="q" source="q" alwaysOn />,
    ...accountScopeFilter(scope),
    <TextInput key="device_type" source="device_type" label="resources.artifacts.fields.device_type" />,
];

/** Signed or not, and verified or not against the account's keys (SPEC 3 signed flag). */
export const SignatureChips = ({ artifact }: { artifact: ArtifactRecord }) => {
    const translate = useTranslate();
    return (
        <Stack direction="row" spacing={0.5}>
            <Chip
                size="small"
                variant="outlined"
                label={translate(artifact.signed ? 'resources.artifacts.signed' : 'resources.artifacts.unsigned')}
            />
            {artifact.verification === 'verified' && (
                <Tooltip
                    title={artifact.verified_by ? translate('resources.artifacts.verifiedBy', { key: artifact.verified_by.name }) : ''}
                >
                    <Chip size="small" color="success" label={translate('resources.artifacts.verified')} />
                </Tooltip>
            )}
            {artifact.verification === 'unverified' && (
                <Chip size="small" color="warning" label={translate('resources.artifacts.unverifiedLabel')} />
            )}
        </Stack>
    );
};

/**
 * Whether this firmware was uploaded in an account above those the list shows (it can only be deleted there): above
 * the account shown, or across accounts, in an account outside the user's reach (the account list holds the reach).
 */
const useInherited = (accountId: string | undefined) => {
    const session = useSession();
    const { data: reach } = useAccountList();
    if (accountId === ALL_ACCOUNTS && reach) return (artifact: ArtifactRecord) => !reach.some(a => a.id === artifact.account_id);
    const shown = accountId && accountId !== ALL_ACCOUNTS ? Number(accountId) : session?.currentAccountId;
    return (artifact: ArtifactRecord) => artifact.account_id !== shown;
};

const Details = ({ artifact }: { artifact: ArtifactRecord }) => {
    const translate = useTranslate();
    const row = (label: string, value: React.ReactNode) => (
        <TableRow>
            <TableCell component="th" sx={{ width: 180, fontWeight: 500 }}>
                {translate(`resources.artifacts.fields.${label}`)}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
        </TableRow>
    );
    return (
        <Box sx={{ p: 2 }}>
            <Table size="small">
                <TableBody>
                    {row('name', artifact.name)}
                    {row('file_name', artifact.file_name)}
                    {row('description', artifact.description || '—')}
                    {row('size', formatFileSize(artifact.size))}
                    {row('updated_at', formatDate(artifact.updated_at))}
                    {row('compatibility', artifact.compatibility.join(', '))}
                    {row('payload_type', artifact.payload_type ?? '—')}
                    {row('signed', <SignatureChips artifact={artifact} />)}
                    {row('account', artifact.account_name)}
                    {row(
                        'checksum',
                        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                            {artifact.checksum}
                        </Box>,
                    )}
                    {row(
                        'provides',
                        <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
                            {Object.entries(artifact.provides)
                                .map(([k, v]) => `${k}: ${v}`)
                                .join('\n')}
                        </Box>,
                    )}
                </TableBody>
            </Table>
        </Box>
    );
};

const DeleteCell = ({ inherited }: { inherited: (artifact: ArtifactRecord) => boolean }) => {
    const translate = useTranslate();
    const { refetch } = useListContext();
    return (
        <FunctionField
            source="id"
            label=""
            sortable={false}
            render={(a: ArtifactRecord) =>
                inherited(a) ? (
                    <Tooltip title={translate('resources.artifacts.notYours', { account: a.account_name })}>
                        <span>
                            <ConfirmDeleteButton disabled />
                        </span>
                    </Tooltip>
                ) : (
                    <Box onClick={e => e.stopPropagation()}>
                        <ConfirmDeleteButton onDeleted={() => void refetch()} />
                    </Box>
                )
            }
        />
    );
};

const Actions = ({ columns }: { columns: string }) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const session = useSession();
    const { refetch } = useListContext();
    return (
        <TopToolbar>
            <ColumnsButton preferenceKey={columns} />
            <Button label="resources.artifacts.deployments" onClick={() => navigate('/firmware-updates')}>
                <SystemUpdate />
            </Button>
            {session && can(session.role, 'artifacts', 'write') && (
                <QuickViewButton
                    label={translate('resources.artifacts.upload')}
                    create
                    icon={<CloudUpload />}
                    render={close => (
                        <UploadForm
                            onDone={() => {
                                close();
                                void refetch();
                            }}
                        />
                    )}
                />
            )}
        </TopToolbar>
    );
};

/**
 * /firmware-updates/versions: Updates, the firmware usable in the current account (SPEC 2.2, 3); across accounts, what
 * the user's own account may use and what every account in reach uploaded (GET /artifacts with cross_account).
 */
export const FirmwareVersions = () => {
    const translate = useTranslate();
    const { open } = useQuickView();
    const scope = useAccountScope(SORT);
    const inherited = useInherited(scope.accountId);
    const session = useSession();
    // The Delete column comes with the session: its own set of columns (src/lists/columns.tsx).
    const columns = columnsKey(session && can(session.role, 'artifacts', 'write') ? 'artifacts.write' : 'artifacts', scope.spansAccounts);
    return (
        <ResourceContextProvider value="artifacts">
            <AppList
                resource="artifacts"
                empty={false}
                sort={SORT}
                filters={artifactFilters(scope)}
                filterDefaultValues={scope.defaults}
                permanentFilter={scope.permanentFilter}
                actions={<Actions columns={columns} />}
                title={translate('resources.artifacts.title')}
            >
                <DatagridConfigurable
                    preferenceKey={columns}
                    sx={hideBelow({ md: ['compatibility', 'payload_type'], sm: ['size', 'signed'] })}
                    bulkActionButtons={false}
                    rowClick={(_id, _resource, record) => {
                        open(record.name as string, <Details artifact={record as ArtifactRecord} />);
                        return false;
                    }}
                    empty={<Typography sx={{ p: 2 }}>{translate('resources.artifacts.empty')}</Typography>}
                >
                    <FunctionField
                        source="name"
                        render={(a: ArtifactRecord) => (
                            <Box>
                                <Typography variant="body2">{a.name}</Typography>
                                {inherited(a) && !scope.spansAccounts && (
                                    <Typography variant="caption" color="text.secondary">
                                        {translate('resources.artifacts.inherited', { account: a.account_name })}
                                    </Typography>
                                )}
                            </Box>
                        )}
                    />
                    {scope.spansAccounts && accountColumn()}
                    <FunctionField
                        source="size"
                        render={(a: ArtifactRecord) => (
                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                {formatFileSize(a.size)}
                            </Box>
                        )}
                    />
                    <FunctionField
                        source="updated_at"
                        render={(a: ArtifactRecord) => (
                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                {formatDate(a.updated_at)}
                            </Box>
                        )}
                    />
                    <FunctionField
                        source="compatibility"
                        sortable={false}
                        render={(a: ArtifactRecord) => (
                            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                                {a.compatibility.map(t => (
                                    <Chip key={t} size="small" label={t} />
                                ))}
                            </Stack>
                        )}
                    />
                    <FunctionField source="signed" sortable={false} render={(a: ArtifactRecord) => <SignatureChips artifact={a} />} />
                    <TextField source="payload_type" sortable={false} emptyText="—" label="resources.artifacts.fields.payload_type" />
                    {session && can(session.role, 'artifacts', 'write') && <DeleteCell inherited={inherited} />}
                </DatagridConfigurable>
            </AppList>
        </ResourceContextProvider>
    );
};
