import { useEffect } from 'react';
import { useNotices } from './notices';

/**
 * A screen's data that failed to load, told as every failure is (SPEC 8.4):
 * an error notice with the server's words and the request id to copy. For
 * react-query's useQuery, which has no onError of its own; each new failure
 * (a refetch that fails again) is told once.
 */
export const useLoadFailedNotice = (error: unknown, title = 'layout.failure.text') => {
    const notices = useNotices();
    useEffect(() => {
        if (error) notices.failed(title, error);
        // notices is a new object each render: the failure itself is what is told
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [error, title]);
};
