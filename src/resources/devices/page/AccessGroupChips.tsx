import { Chip, Stack, Typography } from '@mui/material';
import { useGetMany, useTranslate } from 'react-admin';

/** The device's access groups by name (GET /access_groups); their ids while the names load or when they cannot. */
export const AccessGroupChips = ({ ids }: { ids: number[] }) => {
    const translate = useTranslate();
    const { data } = useGetMany<{ id: number; description: string }>('access_groups', { ids }, { enabled: ids.length > 0, retry: false });
    if (!ids.length)
        return (
            <Typography variant="body2" color="warning.main">
                {translate('resources.devices.noAccessGroup')}
            </Typography>
        );
    const names = new Map((data ?? []).map(g => [Number(g.id), g.description]));
    return (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            {ids.map(id => (
                <Chip key={id} size="small" label={names.get(id) ?? `#${id}`} />
            ))}
        </Stack>
    );
};
