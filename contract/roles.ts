/** Roles of SPEC 3 / 6, from highest to lowest. */
export const ROLES = ['admin', 'dealer', 'installer', 'moderator', 'manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** SPEC 3's role names, in sentence case (docs/decisions.md "Role names in sentence case"); the console's are app.roles. */
export const ROLE_LABELS: Record<Role, string> = {
    admin: 'Platform administrator',
    dealer: 'Dealer admin',
    installer: 'Installer',
    moderator: 'Account administrator',
    manager: 'Account manager',
    user: 'Account user',
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Higher number = higher role. */
export const roleRank = (role: Role): number => ROLES.length - ROLES.indexOf(role);

export const isAtLeast = (role: Role, minimum: Role): boolean => roleRank(role) >= roleRank(minimum);

/** DESIGN.md account scope: admin, dealer and installer act in the accounts below their own; the other roles in their own alone. */
export const roleReachesBelow = (role: Role): boolean => role === 'admin' || role === 'dealer' || role === 'installer';

/**
 * Roles a user of `actor` role may give to a user (SPEC 6.1). Admin: all.
 * Moderator and manager: their own level and below. Dealer: strictly below.
 * Installer: moderator and below (its default). SPEC also reads "an installer
 * may assign from dealer down"; we refuse that reading because it would let an
 * installer create users it outranks neither in rights nor in the edit rule
 * (see docs/decisions.md).
 */
export const assignableRoles = (actor: Role): Role[] => {
    switch (actor) {
        case 'admin':
            return [...ROLES];
        case 'dealer':
            return ROLES.filter(r => roleRank(r) < roleRank('dealer'));
        case 'installer':
            return ROLES.filter(r => roleRank(r) <= roleRank('moderator'));
        case 'moderator':
        case 'manager':
            return ROLES.filter(r => roleRank(r) <= roleRank(actor));
        case 'user':
            return [];
    }
};

/** Editing a user: admin, oneself, or a strictly lower role (SPEC 6.1). */
export const canEditUser = (actor: { id: number; role: Role }, target: { id: number; role: Role }): boolean =>
    actor.role === 'admin' || actor.id === target.id || roleRank(target.role) < roleRank(actor.role);

/** SSO role mapping uses the account roles only (SPEC 6.1). */
export const SSO_MAPPED_ROLES = ['moderator', 'manager', 'user'] as const satisfies readonly Role[];
