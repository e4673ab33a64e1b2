/** The sso feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export {
    DirectoryAddressRefused,
    directoryTest,
    first,
    firstRdnValue,
    normalizeDn,
    serviceConnection,
    usersBase,
    values,
} from './directory';
export type { DirectoryConnectOptions } from './directory';
export { directorySignInOffered, signInWithDirectory } from './directoryLogin';
export { SsoError } from './identity';
export { loginProviderInfo, passwordSignInAllowed } from './routes';
