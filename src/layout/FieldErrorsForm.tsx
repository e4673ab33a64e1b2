import type { ReactNode } from 'react';
import { CardContent, Stack, type SxProps, type Theme } from '@mui/material';
import { Form, Toolbar, type FormProps } from 'react-admin';

export type FieldErrorsFormProps = Omit<FormProps, 'disableInvalidFormNotification' | 'children'> & {
    children: ReactNode;
    /** false: none (a read-only page) */
    toolbar?: ReactNode | false;
    sx?: SxProps<Theme>;
};

/**
 * SimpleForm's layout (fields in a column, the toolbar below), where each field shows its own message
 * and no 'form is not valid' notice comes: that notice would stay until closed (SPEC 8.4) and swallow
 * the next one (SPEC 4.4). The option goes to react-admin's Form, where it belongs; SimpleForm would
 * also pass it on to its Stack, and so to the page as an unknown attribute (a React warning).
 */
export const FieldErrorsForm = ({ children, toolbar = <Toolbar />, sx, ...form }: FieldErrorsFormProps) => (
    <Form {...form} disableInvalidFormNotification>
        <CardContent sx={sx}>
            <Stack sx={{ alignItems: 'flex-start' }}>{children}</Stack>
        </CardContent>
        {toolbar}
    </Form>
);
