import { useMemo } from 'react';
import { DatagridConfigurable, FilterButton, TopToolbar, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { readListState } from '../../../lists/listQuery';
import { AppList } from '../../../lists/AppList';
import { onDemand } from '../../../plugins/onDemand';
import { CellField } from '../../../lists/CellField';
import { useQuickView } from '../../../components/quickView';
import { AddReaderButton } from '../dialogs/AddReaderDialog';
import { ApproveButton } from '../dialogs/ApproveButton';
import { DeviceBulkActions, hasBulkActions } from '../bulk/DeviceBulkActions';
import { DeviceStatusChips, LastSeen, useDeviceLabels } from './DeviceFields';
import { useDeviceFilters, usePrefetchedFilterValues } from './deviceFilters';
import { PendingBanner } from './PendingBanner';
import { listPermanentFilter } from '../scope';
import { accountColumn, useAccountScope } from '../../../lists/accountScope';
import { ColumnsButton, columnsKey } from '../../../lists/columns';
import { hideBelow } from '../../../lists/hideBelow';
import type { Device } from '../types';
import { useDeviceRights } from '../useDeviceRights';

const SORT = { field: 'description', order: 'ASC' } as const;

// A row's drawer, with its commands and their checks (zod), loads when a row is first opened, not with the list.
const DeviceDrawer = onDemand(() => import('./DeviceDrawer').then(m => m.DeviceDrawer));

/** A pending reader is approved right from its row, under its state. */
const RowActions = ({ device }: { device: Device }) => {
    const rights = useDeviceRights();
    return rights.write && (device.status === 'pending' || device.status === 'rejected') ? (
        <ApproveButton device={device} size="small" />
    ) : null;
};

/** Description over hardware ID, release over board type: two facts per cell keep the list within the screen. */
const TwoLines = ({ first, second }: { first: string | null; second: string | null }) => (
    <div className="two-lines">
        <div>{first ?? '-'}</div>
        <span>{second ?? ''}</span>
    </div>
);

/** /devices: the Devices list (SPEC 2.2), with its filters, bulk operations and the way to add and approve readers. */
export const DeviceList = () => {
    const translate = useTranslate();
    const rights = useDeviceRights();
    const labels = useDeviceLabels();
    const { open, close } = useQuickView();
    const location = useLocation();
    const scope = useAccountScope(SORT);
    const { defaults, accountId } = scope;
    const filter = readListState(location.search, { sort: SORT, filter: defaults }).filter;
    const filters = useDeviceFilters(scope);
    usePrefetchedFilterValues(accountId);
    const permanentFilter = useMemo(
        () => listPermanentFilter({ account_id: accountId ?? '', ...(filter.id !== undefined ? { id: filter.id } : {}) }),
        [accountId, filter.id],
    );
    if (!rights.ready) return null;
    const columns = columnsKey('devices', scope.spansAccounts);
    return (
        <AppList
            resource="devices"
            sort={SORT}
            filters={filters}
            filterDefaultValues={defaults}
            permanentFilter={permanentFilter}
            empty={false}
            title={translate('resources.devices.name', { smart_count: 2 })}
            actions={
                <TopToolbar>
                    <FilterButton />
                    <ColumnsButton preferenceKey={columns} />
                    {rights.write && <AddReaderButton />}
                </TopToolbar>
            }
        >
            {rights.write && <PendingBanner reachesAccounts={rights.accounts} />}
            <DatagridConfigurable
                preferenceKey={columns}
                bulkActionButtons={hasBulkActions(rights) ? <DeviceBulkActions rights={rights} /> : false}
                rowClick={id => {
                    open(translate('resources.devices.name', { smart_count: 1 }), <DeviceDrawer id={Number(id)} onClose={close} />);
                    return false;
                }}
                size="small"
                sx={[
                    {
                        '& td, & th': { px: 1 },
                        '& td': { whiteSpace: 'nowrap' },
                        '& td.column-description, & td.column-reader, & td.column-account_name': { whiteSpace: 'normal', minWidth: 110 },
                        // cells styled here once, not by a styled component in each of them (a list renders hundreds)
                        '& .two-lines': { lineHeight: 1.3 },
                        '& .two-lines > span': { typography: 'caption', color: 'text.secondary', whiteSpace: 'nowrap' },
                        '& .state': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 },
                    },
                    hideBelow({ md: ['security_level', 'ip_address', 'role'], sm: ['release', 'reader', 'last_seen_at'] }),
                ]}
            >
                <CellField
                    source="status"
                    render={(d: Device) => (
                        <div className="state">
                            <DeviceStatusChips device={d} />
                            <RowActions device={d} />
                        </div>
                    )}
                />
                <CellField
                    source="description"
                    label="resources.devices.fields.device"
                    render={(d: Device) => <TwoLines first={d.description} second={d.hardware_id} />}
                />
                {scope.spansAccounts && accountColumn({ sortable: true })}
                <CellField source="reader" sortable={false} render={(d: Device) => d.reader?.description ?? '-'} />
                <CellField source="role" render={(d: Device) => <span title={d.role}>{labels.role(d.role)}</span>} />
                <CellField source="security_level" sortable={false} render={(d: Device) => labels.securityLevel(d.security_level)} />
                <CellField
                    source="release"
                    label="resources.devices.fields.releaseAndBoard"
                    render={(d: Device) => <TwoLines first={d.release} second={d.board_type} />}
                />
                <CellField source="ip_address" render={(d: Device) => d.ip_address || '-'} />
                <CellField source="last_seen_at" render={(d: Device) => <LastSeen value={d.last_seen_at} />} />
            </DatagridConfigurable>
        </AppList>
    );
};
