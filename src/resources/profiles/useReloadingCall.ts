import { useQueryClient } from '@tanstack/react-query';
import { useNotices } from '../../notifications/notices';

/**
 * A call of the Profiles screens: on success the lists under `queryKeys`
 * reload and `done` shows, if given; a failure is a SPEC 8.4 notice titled
 * `failed` (an i18n key). Resolves with whether it worked.
 */
export const useReloadingCall = (...queryKeys: string[]) => {
    const queryClient = useQueryClient();
    const notices = useNotices();
    return async (call: () => Promise<unknown>, failed: string, done?: string) => {
        try {
            await call();
            if (done) notices.success(done);
            for (const key of queryKeys) await queryClient.invalidateQueries({ queryKey: [key] });
            return true;
        } catch (e) {
            notices.failed(failed, e);
            return false;
        }
    };
};
