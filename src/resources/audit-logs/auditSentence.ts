import type { AuditLog } from '../../../contract/auditLogs';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Entry = Pick<AuditLog, 'user_name' | 'action' | 'entity' | 'entity_id'> & { target_name?: string | null };

const S = 'resources.audit_logs.sentence';
/** what translate answers for an action without a text (a feature's own, not in the console yet) */
const UNKNOWN = '\u0000';

/**
 * The thing an entry is about, as people call it: "the device ‘Main entrance’", or by its number
 * when the entry does not know its name (entries older than target_name, things without a name):
 * "the device #12". The noun comes from the entry's entity (server/http/audit.ts), in the language.
 */
export const auditTarget = (translate: Translate, entry: Entry): string => {
    const thing = translate(`${S}.things.${entry.entity}`, { _: entry.entity });
    if (entry.target_name) return translate(`${S}.named`, { thing, name: entry.target_name });
    if (entry.entity_id) return translate(`${S}.numbered`, { thing, id: entry.entity_id });
    return thing;
};

/** An audit entry in words: who did what to which thing, "Contoso Moderator approved the device ‘Main entrance’". */
export const auditSentence = (translate: Translate, entry: Entry): string => {
    const target = auditTarget(translate, entry);
    const user = entry.user_name ?? translate(`${S}.platform`);
    const action = translate(`${S}.actions.${entry.action}`, { target, _: UNKNOWN });
    return action === UNKNOWN
        ? translate(`${S}.otherAction`, { user, action: entry.action, target })
        : translate(`${S}.done`, { user, action });
};
