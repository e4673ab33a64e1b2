import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePermissions } from 'react-admin';
import { useSession } from '../../../src/session/useSession';
import type { Session } from '../../../src/session/session';
import { renderInAdmin, testAuthProvider, testSession } from '../render';

/** Both readers of the session side by side, as the layout (useSession) and react-admin's guards (usePermissions) are. */
const BothReaders = () => {
    const session = useSession();
    const { permissions } = usePermissions<Session>();
    return (
        <>
            <p>useSession: {session?.me.email ?? 'loading'}</p>
            <p>usePermissions: {permissions?.me.email ?? 'loading'}</p>
        </>
    );
};

describe('useSession', () => {
    it("shares react-admin's permissions query: the session is asked for once", async () => {
        const session = testSession('dealer');
        const authProvider = { ...testAuthProvider(session), getPermissions: vi.fn(async () => session) };
        renderInAdmin(<BothReaders />, { session, authProvider });
        expect(await screen.findByText('useSession: jane@example.com')).toBeInTheDocument();
        expect(await screen.findByText('usePermissions: jane@example.com')).toBeInTheDocument();
        // A key or freshness apart from react-admin's would ask /me a second time on every screen.
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(authProvider.getPermissions).toHaveBeenCalledTimes(1);
    });
});
