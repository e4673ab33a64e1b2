import { useEffect } from 'react';
import { useNotices } from './notices';

/**
 * A query's failure as a SPEC 8.4 notice titled `title` (an i18n key; by default that the data could not be
 * loaded), with
 * the request id to copy. react-query has no onError for queries: the notice
 * shows when the query turns to failing, once, so a query that polls does not
 * repeat it every few seconds while the server stays down.
 */
export const useFailureNotice = (error: unknown, title = 'layout.failure.text') => {
    const notices = useNotices();
    const failing = !!error;
    useEffect(() => {
        if (failing) notices.failed(title, error);
        // Once per failure: the error object is new on every failed attempt, the notices on every render.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [failing]);
};
