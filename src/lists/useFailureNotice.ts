import { useEffect } from 'react';
import { useNotices } from '../notifications/notices';

/**
 * A query's failure as a SPEC 8.4 notice titled `title` (an i18n key), with
 * the request id to copy: react-query has no onError for queries, so each new
 * error of the query is shown once.
 */
export const useFailureNotice = (error: unknown, title: string) => {
    const notices = useNotices();
    useEffect(() => {
        if (error) notices.failed(title, error);
        // Once per error: the notices object is new on every render.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [error]);
};
