import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { QuickViewProvider } from '../../src/components/quickView';
import { AppNotification } from '../../src/notifications/AppNotification';
import { AccessGroupList } from '../../src/resources/access-groups/AccessGroupList';
import { renderInAdmin, testSession } from './render';

/** The Access Groups list as a moderator sees it, with its notices (an undoable delete's among them). */
export const renderAccessGroupList = (dataProvider: Partial<DataProvider>) =>
    renderInAdmin(
        <ResourceContextProvider value="access_groups">
            <QuickViewProvider>
                <AccessGroupList />
                <AppNotification />
            </QuickViewProvider>
        </ResourceContextProvider>,
        { session: testSession('moderator'), path: '/access_groups', dataProvider },
    );
