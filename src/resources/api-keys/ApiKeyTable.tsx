import { Box, Button, Chip, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListContextProvider, TextField, useList, useRecordContext, useTranslate } from 'react-admin';
import type { ApiKey, ApiKeyStatus } from '../../../contract/apiKeys';
import { formatDate } from '../../i18n/format';

const TEXTS = 'resources.api_keys';
const STATUS_COLOR: Record<ApiKeyStatus, 'success' | 'default' | 'error'> = { active: 'success', expired: 'default', revoked: 'error' };

/** Who made it, and when below. */
const CreatedCell = () => {
    const k = useRecordContext<ApiKey>()!;
    return (
        <>
            {k.created_by_name}
            <Typography variant="body2" color="text.secondary">
                {formatDate(k.created_at)}
            </Typography>
        </>
    );
};

/** When it was last used and from where, or that it was not yet. */
const LastUsedCell = () => {
    const translate = useTranslate();
    const k = useRecordContext<ApiKey>()!;
    if (!k.last_used_at) return <>{translate(`${TEXTS}.neverUsed`)}</>;
    return (
        <>
            {formatDate(k.last_used_at)}
            <Typography variant="body2" color="text.secondary">
                {k.last_used_ip}
            </Typography>
        </>
    );
};

/** Revoke, on a key not revoked yet. */
const RevokeButton = ({ onRevoke }: { onRevoke: (key: ApiKey) => void }) => {
    const translate = useTranslate();
    const k = useRecordContext<ApiKey>()!;
    if (k.status === 'revoked') return null;
    return (
        <Button
            color="error"
            size="small"
            aria-label={translate(`${TEXTS}.revoke.label`, { description: k.description })}
            onClick={() => onRevoke(k)}
        >
            {translate(`${TEXTS}.revoke.run`)}
        </Button>
    );
};

/** The account's keys, newest first as the server sends them: never the key, only how it begins. */
export const ApiKeyTable = ({ keys, onRevoke }: { keys: ApiKey[]; onRevoke?: (key: ApiKey) => void }) => {
    const translate = useTranslate();
    const list = useList({ data: keys, resource: 'api_keys' });
    return (
        <ListContextProvider value={list}>
            <Box sx={{ overflowX: 'auto' }}>
                <Datagrid
                    resource="api_keys"
                    aria-label={translate(`${TEXTS}.section`)}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Typography>{translate(`${TEXTS}.empty`)}</Typography>}
                >
                    <TextField source="description" sortable={false} />
                    <FunctionField source="role" sortable={false} render={(k: ApiKey) => translate(`app.roles.${k.role}`)} />
                    <FunctionField
                        source="prefix"
                        sortable={false}
                        sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
                        render={(k: ApiKey) => `${k.prefix}…`}
                    />
                    <FunctionField label={`${TEXTS}.fields.created`} sortable={false} render={() => <CreatedCell />} />
                    <FunctionField
                        source="expires_at"
                        sortable={false}
                        render={(k: ApiKey) => (k.expires_at ? formatDate(k.expires_at) : translate(`${TEXTS}.never`))}
                    />
                    <FunctionField label={`${TEXTS}.fields.last_used`} sortable={false} render={() => <LastUsedCell />} />
                    <FunctionField
                        source="status"
                        sortable={false}
                        render={(k: ApiKey) => (
                            <Chip size="small" color={STATUS_COLOR[k.status]} label={translate(`${TEXTS}.status.${k.status}`)} />
                        )}
                    />
                    {onRevoke && <FunctionField label={false} textAlign="right" render={() => <RevokeButton onRevoke={onRevoke} />} />}
                </Datagrid>
            </Box>
        </ListContextProvider>
    );
};
