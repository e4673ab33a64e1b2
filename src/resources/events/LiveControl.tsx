import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import { useListContext, useTranslate, type Identifier } from 'react-admin';
import type { EventRecord } from '../../../contract/events';
import type { Query } from '../../dataProvider/http';
import { scopeFilter } from '../../lists/accountScope';
import { useLiveFeed } from './liveFeed';

/** How long a row that came live stays marked. */
const FRESH_MS = 4000;
/** At most one list reload per this many ms however fast events come. */
const RELOAD_MS = 1000;

/**
 * The live state of the Security Events list: events of the current filter
 * arrive without reload while the list shows the newest first on its first
 * page; paused, or on another page or sort, they are counted instead, and
 * Show (or Resume) catches up.
 */
export const useLiveList = () => {
    const { filterValues, page, sort, refetch, setPage, setSort, data, isPending, isPlaceholderData } = useListContext();
    const [paused, setPaused] = useState(false);
    const [unseen, setUnseen] = useState(0);
    const [fresh, setFresh] = useState<ReadonlySet<Identifier>>(new Set());
    const atTop = page === 1 && sort.field === 'timestamp' && sort.order === 'DESC';
    const reload = useRef<ReturnType<typeof setTimeout>>(undefined);

    const reloadSoon = useCallback(() => {
        reload.current ??= setTimeout(() => {
            reload.current = undefined;
            void refetch();
        }, RELOAD_MS);
    }, [refetch]);
    useEffect(() => () => clearTimeout(reload.current), []);

    const onEvent = (event: EventRecord) => {
        if (paused || !atTop) {
            setUnseen(n => n + 1);
            return;
        }
        setFresh(s => new Set(s).add(event.id));
        setTimeout(
            () =>
                setFresh(s => {
                    const next = new Set(s);
                    next.delete(event.id);
                    return next;
                }),
            FRESH_MS,
        );
        reloadSoon();
    };
    // after a drop (or when the server could not replay all), what came meanwhile is in the list once it reloads
    const onCatchUp = () => {
        if (!paused && atTop) reloadSoon();
    };
    // The feed of a filter opens once its list has loaded, after the newest
    // event the list shows (when it shows the newest); a new filter closes it
    // at once. Paging and sorting keep it open.
    const filterKey = JSON.stringify(filterValues);
    const [start, setStart] = useState<{ key: string; afterId?: number }>();
    const loaded = !isPending && !isPlaceholderData;
    useEffect(() => {
        if (start?.key === filterKey || (atTop && !loaded)) return;
        const ids = atTop ? (data ?? []).map(r => Number(r.id)) : [];
        setStart({ key: filterKey, afterId: ids.length ? Math.max(...ids) : undefined });
    }, [start, filterKey, atTop, loaded, data]);
    const status = useLiveFeed(
        // in the list's accounts: "All my accounts" is cross_account=true, as the list asks
        start?.key === filterKey
            ? { query: { ...filterValues, ...scopeFilter(filterValues.account_id as string | undefined) } as Query, afterId: start.afterId }
            : undefined,
        onEvent,
        onCatchUp,
    );
    useEffect(() => setUnseen(0), [filterKey]);

    /** show what came: back to the newest first, first page */
    const show = () => {
        setUnseen(0);
        setPaused(false);
        if (sort.field !== 'timestamp' || sort.order !== 'DESC') setSort({ field: 'timestamp', order: 'DESC' });
        else if (page !== 1) setPage(1);
        else void refetch();
    };
    return { status, paused, unseen, fresh, pause: () => setPaused(true), resume: show, show };
};

export type LiveList = ReturnType<typeof useLiveList>;

/** The live indicator, the pause control and the count of new events. */
export const LiveControl = ({ live }: { live: LiveList }) => {
    const translate = useTranslate();
    const t = (key: string, options?: object) => translate(`resources.events.live.${key}`, options);
    const state = live.paused ? 'paused' : live.status === 'live' ? 'on' : live.status;
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {live.unseen > 0 && (
                <Button size="small" variant="outlined" onClick={live.show} aria-live="polite">
                    {t('newEvents', { smart_count: live.unseen })} · {t('show')}
                </Button>
            )}
            <Chip
                size="small"
                role="status"
                icon={<FiberManualRecord sx={{ fontSize: 12 }} />}
                label={t(state)}
                color={state === 'on' ? 'success' : state === 'paused' ? 'default' : 'warning'}
                variant={state === 'on' ? 'filled' : 'outlined'}
            />
            <Tooltip title={t(live.paused ? 'resume' : 'pause')}>
                <Box component="span">
                    <IconButton
                        size="small"
                        aria-label={t(live.paused ? 'resume' : 'pause')}
                        onClick={live.paused ? live.resume : live.pause}
                    >
                        {live.paused ? <PlayArrow /> : <Pause />}
                    </IconButton>
                </Box>
            </Tooltip>
        </Stack>
    );
};
