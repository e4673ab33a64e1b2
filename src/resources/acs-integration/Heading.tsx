import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

/** The title of a part of the section, which names its region (aria-labelledby). */
export const Heading = ({ id, children }: { id: string; children: ReactNode }) => (
    <Typography variant="h6" component="h2" id={id}>
        {children}
    </Typography>
);
