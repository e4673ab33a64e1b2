import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { requestIdOf } from '../dataProvider/http';

/**
 * A notice as SPEC 8.4 draws it: errors carry a title, a description and the
 * request id to copy, and stay until closed; successes hide after 4.5 s.
 * AppNotification renders what these hooks send through react-admin's queue
 * (the details travel in notificationOptions.messageArgs).
 */
export interface NoticeDetails {
    title: string;
    description?: string;
    requestId?: string;
}

const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;
export const serverText = (error: unknown) => {
    const body = (error as { body?: { error?: unknown } } | undefined)?.body;
    return typeof body?.error === 'string' ? body.error : error instanceof Error ? error.message : '';
};

/** What went wrong in the server's words: a validation error's first field message, else its error. */
export const problemText = (error: unknown) => {
    const fields = (error as { body?: { fields?: Record<string, unknown> } } | undefined)?.body?.fields;
    return Object.values(fields ?? {}).find((v): v is string => typeof v === 'string') ?? serverText(error);
};

/** SPEC 8.4 "Modify users on 400": the server's error, cleaned up and ending with a period. */
export const cleanServerError = (text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!trimmed) return trimmed;
    const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
    return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
};

/** SPEC 8.4 "Access group delete on 409": the server's text, one line per sentence. */
export const sentenceLines = (text: string) =>
    text
        .split(/(?<=\.)\s+/)
        .map(line => line.trim())
        .filter(Boolean)
        .join('\n');

export const useNotices = () => {
    const notify = useNotify();
    const translate = useTranslate();
    const name = (resource: string) => translate(`resources.${resource}.name`, { smart_count: 1, _: resource });

    const error = (details: NoticeDetails) =>
        notify(details.title, { type: 'error', autoHideDuration: null, messageArgs: { ...details, _: details.title } });
    const success = (title: string, description?: string) =>
        notify(title, { type: 'success', messageArgs: { title, description, _: title } });

    /** the description: the 5xx text, the server's text when SPEC says so, else the generic text */
    const describe = (err: unknown, generic: string, showServer: boolean) => {
        const status = statusOf(err);
        if (status !== undefined && status >= 500) return translate('notices.serverError');
        return showServer && serverText(err) ? serverText(err) : generic;
    };

    /** A failure titled by `title` (an i18n key): the 5xx text, else the given description or the server's. */
    const failed = (title: string, err: unknown, description?: string) =>
        error({
            title: translate(title),
            description:
                (statusOf(err) ?? 0) >= 500 ? translate('notices.serverError') : description ? translate(description) : problemText(err),
            requestId: requestIdOf(err),
        });

    return {
        error,
        success,
        failed,
        deleteFailed(resource: string, err: unknown) {
            const r = name(resource);
            if (resource === 'access_groups' && statusOf(err) === 409) {
                error({
                    title: translate('notices.accessGroupDeleteFailedTitle'),
                    description: sentenceLines(serverText(err)),
                    requestId: requestIdOf(err),
                });
                return;
            }
            // A schedule still followed by access groups: the server's text says which to change first.
            const showServer = resource === 'schedules' && statusOf(err) === 409;
            error({
                title: translate('notices.deleteFailedTitle', { resource: r }),
                description: showServer
                    ? sentenceLines(serverText(err))
                    : describe(err, translate('notices.deleteFailed', { resource: r }), false),
                requestId: requestIdOf(err),
            });
        },
        modifyFailed(resource: string, err: unknown) {
            const r = name(resource);
            const status = statusOf(err);
            const showServer = status === 409 || (resource === 'users' && status === 400);
            let description = describe(err, translate('notices.modifyFailed', { resource: r }), showServer);
            if (resource === 'users' && status === 400) description = cleanServerError(description);
            error({ title: translate('notices.modifyFailedTitle', { resource: r }), description, requestId: requestIdOf(err) });
        },
        createFailed(resource: string, err: unknown) {
            const r = name(resource);
            const status = statusOf(err);
            const showServer = status === 409 || (resource === 'users' && status === 400);
            error({
                title: translate('notices.createFailedTitle', { resource: r }),
                description: describe(err, translate('notices.createFailed', { resource: r }), showServer),
                requestId: requestIdOf(err),
            });
        },
        deleted(resource: string, id: Identifier) {
            const r = name(resource);
            success(translate('notices.deletedTitle', { resource: r }), translate('notices.deleted', { resource: r, id }));
        },
        /** SPEC 8.4 'Successfully deleted the {resource}': several at once, no one id to name; `description` says how many. */
        deletedMany(resource: string, count: number, description?: string) {
            const r = translate(`resources.${resource}.name`, { smart_count: count, _: resource }).toLocaleLowerCase();
            success(translate('notices.deletedPlain', { resource: r }), description);
        },
        modified(resource: string) {
            success(translate('notices.modifiedTitle', { resource: name(resource) }));
        },
        created(id: Identifier) {
            success(translate('notices.createdTitle'), translate('notices.created', { id }));
        },
    };
};
