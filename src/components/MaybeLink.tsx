import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** A link to another screen when the user may open it, plain text otherwise. */
export const MaybeLink = ({ to, allowed, children }: { to: string; allowed: boolean; children: ReactNode }) =>
    allowed ? (
        <Link component={RouterLink} to={to}>
            {children}
        </Link>
    ) : (
        <>{children}</>
    );
