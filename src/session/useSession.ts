import { usePermissions } from 'react-admin';
import type { Session } from '../authProvider/session';

/** The signed-in session (react-admin's permissions), or undefined while it loads. */
export const useSession = (): Session | undefined => usePermissions<Session>().permissions;
