import { zodResolver } from '@hookform/resolvers/zod';
import { SaveButton, TextInput, Toolbar } from 'react-admin';
import { accountInput } from '../../../contract/accounts';
import { isAtLeast } from '../../../contract/roles';
import { useSession } from '../../session/useSession';
import { FieldErrorsForm } from '../../layout/FieldErrorsForm';

/** Only what the server takes. */
export const accountBody = ({ name, ref_number, address, parent_id }: Record<string, unknown>) => ({
    name,
    ref_number,
    address,
    ...(parent_id ? { parent_id } : {}),
});

/** The Account form of SPEC 2.6 (details); ref_number only for dealer level or higher (SPEC 5). */
export const AccountForm = ({ readOnly = false }: { readOnly?: boolean }) => {
    const session = useSession();
    if (!session) return null;
    return (
        <FieldErrorsForm
            resolver={zodResolver(accountInput)}
            toolbar={
                readOnly ? (
                    false
                ) : (
                    <Toolbar>
                        <SaveButton />
                    </Toolbar>
                )
            }
            disabled={readOnly}
            sx={{ maxWidth: 600 }}
        >
            <TextInput source="name" fullWidth />
            {isAtLeast(session.role, 'dealer') && <TextInput source="ref_number" fullWidth />}
            <TextInput source="address.email" type="email" fullWidth />
            <TextInput source="address.street_address" fullWidth />
            <TextInput source="address.city" fullWidth />
            <TextInput source="address.zip" fullWidth />
            <TextInput source="address.state" fullWidth />
            <TextInput source="address.country" fullWidth />
            <TextInput source="address.phone_number" fullWidth />
        </FieldErrorsForm>
    );
};
