import { useState, type ReactNode } from 'react';
import { Box, Button, Checkbox, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Datagrid, FunctionField, ListBase, TextField as TextCell, useListContext, useTranslate } from 'react-admin';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { DeploymentCandidate } from '../../../contract/firmware';
import { useDebounced } from '../../lists/useDebounced';
import type { ReaderFilter } from './deploymentDraft';

/** The approved readers a deployment of a firmware may target (GET /deployments/candidates, a react-admin list). */
export const CANDIDATES = 'deployments/candidates';
const F = 'resources.deployments.fields';

interface PickProps {
    selected: Set<number>;
    onToggle: (id: number) => void;
    onSelect: (ids: number[]) => void;
    onClear: () => void;
}

/** The compatible readers found, each chosen by a click on its row. */
const CandidateRows = ({ searched, selected, onToggle, onSelect, onClear }: PickProps & { searched: ReactNode }) => {
    const translate = useTranslate();
    const { data, isFetching } = useListContext<DeploymentCandidate>();
    return (
        <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                {searched}
                <Button size="small" onClick={() => onSelect((data ?? []).map(d => d.id))}>
                    {translate('resources.deployments.form.selectShown')}
                </Button>
                <Button size="small" onClick={onClear}>
                    {translate('resources.deployments.form.clear')}
                </Button>
            </Stack>
            {isFetching && <LinearProgress />}
            <Box sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Datagrid
                    bulkActionButtons={false}
                    size="small"
                    aria-label={translate('resources.deployments.form.devices')}
                    rowClick={id => {
                        onToggle(Number(id));
                        return false;
                    }}
                >
                    <FunctionField
                        label=""
                        render={(d: DeploymentCandidate) => (
                            <Checkbox
                                size="small"
                                checked={selected.has(d.id)}
                                slotProps={{ input: { 'aria-label': d.description || d.hardware_id } }}
                            />
                        )}
                    />
                    <TextCell source="description" label={`${F}.description`} sortable={false} />
                    <TextCell source="hardware_id" label={`${F}.hardware_id`} sortable={false} />
                    <TextCell source="board_type" label={`${F}.board_type`} sortable={false} emptyText="" />
                    <TextCell source="release" label={`${F}.release`} sortable={false} emptyText="" />
                </Datagrid>
            </Box>
        </>
    );
};

/** Readers chosen one by one among the compatible ones, with a search. */
export const ReaderPicker = ({ artifactId, error, ...pick }: PickProps & { artifactId: number; error?: string }) => {
    const translate = useTranslate();
    const [search, setSearch] = useState('');
    const searched = useDebounced(search);
    const field = (
        <TextField
            label={translate('resources.deployments.form.search')}
            value={search}
            onChange={e => setSearch(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
        />
    );
    return (
        <Box>
            <ListBase
                resource={CANDIDATES}
                filter={{ artifact_id: artifactId, q: searched || undefined }}
                sort={{ field: 'description', order: 'ASC' }}
                perPage={PICKER_PAGE_SIZE}
                disableSyncWithLocation
                storeKey={false}
            >
                <CandidateRows searched={field} {...pick} />
            </ListBase>
            <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined}>
                {error ?? translate('resources.deployments.form.selected', { smart_count: pick.selected.size })}
            </Typography>
        </Box>
    );
};

/** Readers chosen by filter: the ones matching when the deployment starts; `matching` says how many match now. */
export const ReaderFilterFields = ({
    filter,
    onChange,
    matching,
    error,
}: {
    filter: ReaderFilter;
    onChange: (filter: ReaderFilter) => void;
    matching: number;
    error?: string;
}) => {
    const translate = useTranslate();
    const set = (change: Partial<ReaderFilter>) => onChange({ ...filter, ...change });
    return (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
            <TextField label={translate(`${F}.q`)} value={filter.q} onChange={e => set({ q: e.target.value })} size="small" />
            <TextField
                select
                label={translate(`${F}.status`)}
                value={filter.status}
                onChange={e => set({ status: e.target.value as ReaderFilter['status'] })}
                size="small"
            >
                <MenuItem value="">{translate('resources.deployments.form.anyStatus')}</MenuItem>
                <MenuItem value="online">{translate('resources.deployments.form.online')}</MenuItem>
                <MenuItem value="offline">{translate('resources.deployments.form.offline')}</MenuItem>
            </TextField>
            <TextField
                label={translate(`${F}.board_type`)}
                value={filter.board_type}
                onChange={e => set({ board_type: e.target.value })}
                size="small"
            />
            <TextField
                label={translate(`${F}.release`)}
                value={filter.release}
                onChange={e => set({ release: e.target.value })}
                size="small"
            />
            <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ gridColumn: '1 / -1' }}>
                {error ?? translate('resources.deployments.form.matching', { smart_count: matching })}
            </Typography>
        </Box>
    );
};
