import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Box } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { Button } from 'react-admin';
import { emptyBadge, type BadgeDraft } from './BadgeFields';

/** A form on one line above a list; the list's empty state focuses it by its `id` (ToFormButton). */
export const InlineForm = ({
    id,
    label,
    onSubmit,
    children,
}: {
    id?: string;
    label: string;
    onSubmit: () => void;
    children: ReactNode;
}) => (
    <Box
        component="form"
        id={id}
        tabIndex={-1}
        aria-label={label}
        onSubmit={e => {
            e.preventDefault();
            onSubmit();
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1 }}
    >
        {children}
    </Box>
);

/** A button of an empty list that takes the user to the form on the same screen that makes its rows. */
export const ToFormButton = ({ form, label, icon = <Add /> }: { form: string; label: string; icon?: ReactElement }) => (
    <Button variant="outlined" label={label} onClick={() => document.getElementById(form)?.focus()}>
        {icon}
    </Button>
);

/** The badge typed in a form, emptied when the form's account changes: another account has other card formats. */
export const useBadgeDraft = (accountId: number | undefined) => {
    const [draft, setDraft] = useState<BadgeDraft>(emptyBadge);
    useEffect(() => setDraft(emptyBadge), [accountId]);
    return [draft, setDraft] as const;
};
