import { useEffect, useRef, useState } from 'react';
import { Box, Button, Chip, Popover, Stack, Tab, Tabs, TextField } from '@mui/material';
import DateRange from '@mui/icons-material/DateRange';
import { useListContext, useTranslate } from 'react-admin';
import { QUICK_DATE_RANGES } from '../../../contract/constants';
import type { EventGroup } from '../../../contract/events';
import { fromLocalInput, quickRangeOf, rangeStart, toLocalInput } from './dateRange';

type Filters = Record<string, unknown>;
export type FilterUpdate = (change: (current: Filters) => Filters) => void;

/**
 * Changes the list's filters from the latest ones asked for, not from the
 * last render's: a router navigation is a transition, so a second click (a
 * period right after a tab) can come before the list shows the first, and
 * would otherwise undo it. One per list, shared by its controls.
 */
export const useFilterUpdate = (): FilterUpdate => {
    const { filterValues, setFilters, displayedFilters } = useListContext();
    const asked = useRef<Filters | null>(null);
    const shown = JSON.stringify(filterValues);
    // the list shows a new state: it is the latest again
    useEffect(() => {
        asked.current = null;
    }, [shown]);
    return change => {
        const next = change(asked.current ?? filterValues);
        asked.current = next;
        setFilters(next, displayedFilters, false);
    };
};

/** SPEC 2.7 filter groups as tabs; 'all' clears the filter, a group clears the type picked in another. */
export const GroupTabs = ({ groups, update }: { groups: EventGroup[]; update: FilterUpdate }) => {
    const translate = useTranslate();
    const { filterValues } = useListContext();
    const current = (filterValues.group as EventGroup | undefined) ?? 'all';
    const select = (group: EventGroup) =>
        update(({ group: _group, event: _event, ...rest }) => (group === 'all' ? rest : { ...rest, group }));
    return (
        <Tabs
            value={groups.includes(current) ? current : false}
            onChange={(_e, value: EventGroup) => select(value)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={translate('resources.events.groupsLabel')}
            // Full width without asking for it: the tabs' own width would otherwise widen the page past the screen, not scroll.
            sx={{
                width: 0,
                minWidth: '100%',
                borderBottom: 1,
                borderColor: 'divider',
                minHeight: 40,
                '& .MuiTab-root': { minHeight: 40, textTransform: 'none' },
            }}
        >
            {groups.map(g => (
                <Tab key={g} value={g} label={translate(`resources.events.groups.${g}`)} />
            ))}
        </Tabs>
    );
};

/** SPEC 9 quick date ranges (Today, last 3 days, last 15 days, last month) and a custom from/to; `any` offers no limit at all. */
export const PeriodPicker = ({
    from,
    to,
    onChange,
    any = true,
}: {
    from?: string;
    to?: string;
    onChange: (range: { from?: string; to?: string }) => void;
    any?: boolean;
}) => {
    const translate = useTranslate();
    const quick = quickRangeOf(from, to);
    const custom = !quick && (!!from || !!to);
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const [draft, setDraft] = useState({ from: '', to: '' });
    return (
        <Stack
            direction="row"
            spacing={1}
            role="group"
            aria-label={translate('resources.events.ranges.label')}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
            {any && (
                <Chip
                    label={translate('resources.events.ranges.any')}
                    color={!from && !to ? 'primary' : 'default'}
                    variant={!from && !to ? 'filled' : 'outlined'}
                    onClick={() => onChange({})}
                    aria-pressed={!from && !to}
                />
            )}
            {QUICK_DATE_RANGES.map(r => (
                <Chip
                    key={r.key}
                    label={translate(`resources.events.ranges.${r.key}`)}
                    color={quick === r.key ? 'primary' : 'default'}
                    variant={quick === r.key ? 'filled' : 'outlined'}
                    aria-pressed={quick === r.key}
                    onClick={() => onChange({ from: rangeStart(r.days) })}
                />
            ))}
            <Chip
                icon={<DateRange />}
                label={
                    custom
                        ? `${toLocalInput(from).replace('T', ' ') || '…'} → ${toLocalInput(to).replace('T', ' ') || '…'}`
                        : translate('resources.events.ranges.custom')
                }
                color={custom ? 'primary' : 'default'}
                variant={custom ? 'filled' : 'outlined'}
                aria-pressed={custom}
                onClick={e => {
                    setDraft({ from: toLocalInput(from), to: toLocalInput(to) });
                    setAnchor(e.currentTarget);
                }}
            />
            <Popover
                open={!!anchor}
                anchorEl={anchor}
                onClose={() => setAnchor(null)}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            >
                <Box
                    component="form"
                    sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
                    onSubmit={e => {
                        e.preventDefault();
                        onChange({ from: fromLocalInput(draft.from), to: fromLocalInput(draft.to) });
                        setAnchor(null);
                    }}
                >
                    <TextField
                        type="datetime-local"
                        size="small"
                        label={translate('resources.events.fields.from')}
                        value={draft.from}
                        onChange={e => setDraft(d => ({ ...d, from: e.target.value }))}
                        slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <TextField
                        type="datetime-local"
                        size="small"
                        label={translate('resources.events.fields.to')}
                        value={draft.to}
                        onChange={e => setDraft(d => ({ ...d, to: e.target.value }))}
                        slotProps={{ inputLabel: { shrink: true } }}
                    />
                    <Button type="submit" variant="contained">
                        {translate('resources.events.ranges.apply')}
                    </Button>
                </Box>
            </Popover>
        </Stack>
    );
};

/** The list's period: from and to in its filter (and so in the query string). */
export const DateRangeFilter = ({ update }: { update: FilterUpdate }) => {
    const { filterValues } = useListContext();
    const apply = (range: { from?: string; to?: string }) =>
        update(({ from: _f, to: _t, ...rest }) => ({
            ...rest,
            ...(range.from ? { from: range.from } : {}),
            ...(range.to ? { to: range.to } : {}),
        }));
    return <PeriodPicker from={filterValues.from as string | undefined} to={filterValues.to as string | undefined} onChange={apply} />;
};
