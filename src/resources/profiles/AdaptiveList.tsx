import { useTranslate } from 'react-admin';
import { can } from '../../../contract/rights';
import { useSession } from '../../session/useSession';
import { CardListScreen } from './CardListScreen';

/** /adaptive: Adaptive two-factor authentication (SPEC 2.2): badges for which readers ask for the face too. */
export const AdaptiveList = () => {
    const translate = useTranslate();
    const session = useSession();
    if (!session) return null;
    return (
        <CardListScreen
            resource="cards/adaptive"
            texts="resources.adaptive"
            title={translate('resources.adaptive.name', { smart_count: 2 })}
            mayWrite={can(session.role, 'adaptive', 'write')}
            picker
            bulkRemove
        />
    );
};
