import { IMPLEMENTED_SCREENS } from '../../../contract/menu';
import type { RouteKey } from '../../../contract/routes';
import type { SearchHit, SearchKind } from '../../../contract/search';

/** A list opened on the hit's own text, where the kind has no page of its own. */
const listFiltered = (path: string, q: string) => `${path}?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

/**
 * Where a hit opens; null when its screen is not in this console yet (the
 * profile page), so the hit shows as text rather than a dead link.
 */
export const hitPath = (kind: SearchKind, hit: SearchHit, implemented: ReadonlySet<RouteKey> = IMPLEMENTED_SCREENS): string | null => {
    switch (kind) {
        case 'accounts':
            return `/accounts/${hit.id}`;
        case 'users':
            return `/users/${hit.id}`;
        case 'devices':
            return `/devices/${hit.id}`;
        case 'readers':
            return listFiltered('/readers', hit.label);
        case 'access_groups':
            return `/access_groups/${hit.id}`;
        case 'profiles':
        case 'badges':
            return implemented.has('profiles') ? `/profiles/${hit.profile_id ?? hit.id}` : null;
        case 'deployments':
            return `/firmware-updates/status/${hit.id}`;
        case 'firmware':
            return listFiltered('/firmware-updates/versions', hit.label);
    }
};
