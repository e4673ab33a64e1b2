import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import type { AppContext } from '../../context';
import { auditTrail } from '../../http/audit';

/** What the brand's route modules share: their OpenAPI tag, error replies, the account in the path, the audit. */
export const tags = ['Branding'];
export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 429: errorReply };
export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** A brand's changes in the audit log, under the account they belong to (Accounts, "Brand"), named by the account. */
export const brandAudit = (ctx: AppContext) => {
    const trail = auditTrail(ctx.db, 'accounts', 'Brand');
    return (
        request: Parameters<typeof trail>[0],
        account: { id: number; name: string },
        action: 'update' | 'delete',
        before: unknown,
        after: unknown,
    ) => {
        const row = { id: account.id, account_id: account.id, name: account.name };
        return trail(request, action, row, before, after);
    };
};
