import { useRef, useState } from 'react';
import { Confirm, SelectInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Role } from '../../../contract/roles';
import { roleChoices } from './roleChoices';

/** The role select; choosing the platform administrator asks for confirmation first (SPEC 5). */
export const RoleInput = ({ actor, disabled }: { actor: Role; disabled?: boolean }) => {
    const translate = useTranslate();
    const { setValue, getValues } = useFormContext();
    const previous = useRef<Role>(getValues('role'));
    const [asking, setAsking] = useState(false);
    return (
        <>
            <SelectInput
                source="role"
                choices={roleChoices(actor)}
                disabled={disabled}
                helperText={disabled ? 'resources.users.ownRole' : false}
                onChange={event => {
                    const value = event.target.value as Role;
                    if (value === 'admin' && previous.current !== 'admin') setAsking(true);
                    else previous.current = value;
                }}
                fullWidth
            />
            <Confirm
                isOpen={asking}
                title={translate('resources.users.adminWarning.title')}
                content={translate('resources.users.adminWarning.content')}
                confirm="resources.users.adminWarning.proceed"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => {
                    previous.current = 'admin';
                    setAsking(false);
                }}
                onClose={() => {
                    setValue('role', previous.current, { shouldDirty: true });
                    setAsking(false);
                }}
            />
        </>
    );
};
