import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Label / value pairs, two columns; an empty value shows '-'. */
export const Facts = ({ rows }: { rows: [label: string, value: ReactNode][] }) => {
    const translate = useTranslate();
    return (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
            {rows.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                        {translate(label)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                        {value === null || value === undefined || value === '' ? '-' : value}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
};
