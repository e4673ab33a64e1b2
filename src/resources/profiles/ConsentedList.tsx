import { FunctionField, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import type { ProfileRecord } from '../../../contract/profiles';
import { formatDate } from '../../i18n/format';
import { AppList } from '../../lists/AppList';
import { accountScopeFilter, useAccountScope } from '../../lists/accountScope';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { ProfileRows } from './ProfileList';
import { ConsentDownload } from './ProfilePage';

const SORT = { field: 'acs_id', order: 'ASC' } as const;
/** SPEC 2.2, 9: the Consented list defaults to the filter consent_accepted=true. */
const DEFAULT_FILTER = { consent_accepted: 'true' };

/** /consented: profiles with their consent record (when, how, which document); the document downloads from the profile. */
export const ConsentedList = () => {
    const translate = useTranslate();
    const t = (key: string) => translate(`resources.consented.${key}`);
    const scope = useAccountScope(SORT);
    return (
        <AppList
            resource="profiles"
            sort={SORT}
            title={t('name')}
            filterDefaultValues={{ ...DEFAULT_FILTER, ...scope.defaults }}
            permanentFilter={scope.permanentFilter}
            filters={[
                ...accountScopeFilter(scope),
                <SelectInput
                    key="consent_accepted"
                    source="consent_accepted"
                    label="resources.profiles.fields.consent_accepted"
                    choices={[
                        { id: 'true', name: translate('app.yes') },
                        { id: 'false', name: translate('app.no') },
                    ]}
                    alwaysOn
                />,
            ]}
            empty={false}
            actions={
                <TopToolbar>
                    <ColumnsButton preferenceKey={columnsKey('consented', scope.spansAccounts)} />
                </TopToolbar>
            }
        >
            <ProfileRows
                columns={columnsKey('consented', scope.spansAccounts)}
                bulk={false}
                spansAccounts={scope.spansAccounts}
                extra={[
                    <FunctionField
                        key="accepted_at"
                        label="resources.consented.accepted_at"
                        sortable={false}
                        render={(p: ProfileRecord) => formatDate(p.consent?.accepted_at ?? null)}
                    />,
                    <FunctionField
                        key="method"
                        label="resources.consented.method"
                        sortable={false}
                        render={(p: ProfileRecord) => (p.consent ? translate(`resources.profiles.page.methods.${p.consent.method}`) : '-')}
                    />,
                    <FunctionField
                        key="document_version"
                        label="resources.consented.document_version"
                        sortable={false}
                        render={(p: ProfileRecord) => p.consent?.document_version ?? '-'}
                    />,
                    <FunctionField
                        key="document"
                        label=""
                        sortable={false}
                        render={(p: ProfileRecord) => (p.consent?.document ? <ConsentDownload profile={p} compact /> : null)}
                    />,
                ]}
            />
        </AppList>
    );
};
