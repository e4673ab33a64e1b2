import { assignableRoles, ROLES, roleRank, type Role } from '../../../contract/roles';

/** SPEC 6.1: admin sees every role; others see roles at or below their own, the ones they may not give disabled. */
export const roleChoices = (actor: Role) => {
    const assignable = assignableRoles(actor);
    return ROLES.filter(r => actor === 'admin' || roleRank(r) <= roleRank(actor)).map(r => ({
        id: r,
        // a text key: the select translates it
        name: `app.roles.${r}`,
        disabled: !assignable.includes(r),
    }));
};

/** The role a new user gets unless changed: the lowest one. */
export const defaultRole = (actor: Role): Role => {
    const assignable = assignableRoles(actor);
    return assignable.includes('user') ? 'user' : (assignable[assignable.length - 1] ?? 'user');
};
