import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { unauthorized, unprocessable } from '../../http/errors';
import { publicOnly } from '../../net/outboundTarget';
import type { TokenPair } from '../../http/sessions';
import { DirectoryBadCredentials, directorySignIn } from './directory';
import { signInExternal, ssoSettingsFor } from './externalUser';
import { SsoError } from './identity';
import { mainLoginState } from './queries';

/** The login page's password form signs in through the directory when the main account's provider is one and its mode is not local. */
export const directorySignInOffered = async (ctx: AppContext) => {
    const state = await mainLoginState(ctx.db);
    return state?.kind === 'directory' && !!state.mode && state.mode !== 'local';
};

/**
 * POST /login for a directory user: the directory checks the password
 * (directory.ts), the external-user sign-in gives the role and session. A
 * wrong password reads as a local one's (422); the directory's own failures
 * give their SPEC 8.5 text with 401, which the login page shows.
 */
export const signInWithDirectory = async (
    ctx: AppContext,
    request: FastifyRequest,
    username: string,
    password: string,
): Promise<TokenPair> => {
    try {
        const sso = await ssoSettingsFor(ctx);
        if (sso.kind !== 'directory') throw unprocessable('Incorrect authentication credentials');
        const identity = await directorySignIn(sso.settings, { bind_password: sso.secrets.bind_password ?? '' }, username, password, {
            publicOnly: publicOnly(ctx.config),
        });
        return await signInExternal(ctx, request, identity);
    } catch (error) {
        if (error instanceof DirectoryBadCredentials) throw unprocessable('Incorrect authentication credentials');
        if (error instanceof SsoError) {
            request.log.warn({ detail: error.detail }, `directory sign-in failed: ${error.text}`);
            throw unauthorized(error.text);
        }
        throw error;
    }
};
