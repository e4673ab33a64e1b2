import { errorReply } from '../../contract/api';

/** OpenAPI tag and security of every device-API route: they appear together, authenticated by the reader's key. */
export const deviceTags = ['device API'];
export const deviceSecurity = [{ device: [] }];
export const deviceErrors = { 400: errorReply, 401: errorReply, 404: errorReply, 409: errorReply, 413: errorReply, 429: errorReply };
