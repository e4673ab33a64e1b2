import { useTranslate } from 'react-admin';
import { requestIdOf } from '../../dataProvider/http';
import { useNotices } from '../../notifications/notices';

const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;
const serverText = (error: unknown) => {
    const body = (error as { body?: { error?: unknown } } | undefined)?.body;
    return typeof body?.error === 'string' ? body.error : error instanceof Error ? error.message : '';
};

/**
 * The device notices of SPEC 8.2 drawn as SPEC 8.4 says: a title, a
 * description (the 5xx text, else the given text or the server's), the
 * request id to copy.
 */
export const useDeviceNotices = () => {
    const notices = useNotices();
    const translate = useTranslate();
    const failed = (title: string, error: unknown, description?: string) =>
        notices.error({
            title: translate(title),
            description:
                (statusOf(error) ?? 0) >= 500 ? translate('notices.serverError') : description ? translate(description) : serverText(error),
            requestId: requestIdOf(error),
        });
    return { ...notices, failed, serverText };
};
