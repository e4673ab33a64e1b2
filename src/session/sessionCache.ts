import { loadSession, type Session } from './session';

/**
 * The session, loaded once per sign-in or account switch (react-query also
 * caches permissions). Apart from the authProvider so that screens which
 * reset it (account options, the account switch) need not import the
 * authProvider, which imports the plugins they belong to.
 */
let sessionPromise: Promise<Session> | undefined;
export const getSession = () =>
    (sessionPromise ??= loadSession().catch(e => {
        sessionPromise = undefined;
        throw e;
    }));
export const resetSession = () => {
    sessionPromise = undefined;
};
