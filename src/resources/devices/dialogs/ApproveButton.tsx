import { useState } from 'react';
import HowToReg from '@mui/icons-material/HowToReg';
import { Button } from 'react-admin';
import { onDemand } from '../../../plugins/onDemand';
import type { Device } from '../types';

// The dialog and its checks (zod) load when a reader is first approved, not with the list (docs/performance.md).
const ApproveDialog = onDemand(() => import('./ApproveDialog').then(m => m.ApproveDialog), { fallback: 'nothing' });

export const ApproveButton = ({
    device,
    variant,
    size,
}: {
    device: Device;
    variant?: 'text' | 'contained' | 'outlined';
    size?: 'small' | 'medium';
}) => {
    const [open, setOpen] = useState(false);
    return (
        <>
            <Button
                label="resources.devices.actions.approve"
                variant={variant}
                size={size}
                color="success"
                onClick={e => {
                    e.stopPropagation();
                    setOpen(true);
                }}
            >
                <HowToReg />
            </Button>
            {open && <ApproveDialog device={device} onClose={() => setOpen(false)} />}
        </>
    );
};
