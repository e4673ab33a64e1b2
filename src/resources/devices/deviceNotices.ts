import { serverText, useNotices } from '../../notifications/notices';

/**
 * The device notices of SPEC 8.2 drawn as SPEC 8.4 says: a title, a
 * description (the 5xx text, else the given text or the server's), the
 * request id to copy.
 */
export const useDeviceNotices = () => ({ ...useNotices(), serverText });
