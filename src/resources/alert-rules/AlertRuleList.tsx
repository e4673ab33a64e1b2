import { BooleanField, CreateButton, Datagrid, FunctionField, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import type { AlertRule } from '../../../contract/alertRules';
import { can } from '../../../contract/rights';
import { accountColumn, accountScopeFilter, useAccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ListEmpty } from '../../lists/ListEmpty';
import { UndoableBulkDeleteButton } from '../../lists/UndoableBulkDeleteButton';
import { createPath, useCreateAccount } from '../../lists/createsIn';
import { useSession } from '../../session/useSession';
import { CREATE_SHORTCUT } from '../../components/shortcutTarget';

const SORT = { field: 'name', order: 'ASC' } as const;

/** What a rule listens to, in a few words: its types and groups by name, the other filters counted. */
export const useWhatText = () => {
    const translate = useTranslate();
    return (r: AlertRule) => {
        const parts = [
            ...r.event_groups.map(g => translate(`resources.events.groups.${g}`, { _: g })),
            ...r.event_types.map(t => translate(`resources.events.types.${t}`, { _: t })),
        ];
        const what = parts.length ? parts.join(', ') : translate('resources.alert_rules.anyEvent');
        const narrowed = [
            r.device_ids.length ? translate('resources.alert_rules.devicesCount', { smart_count: r.device_ids.length }) : '',
            r.access_group_ids.length ? translate('resources.alert_rules.groupsCount', { smart_count: r.access_group_ids.length }) : '',
        ].filter(Boolean);
        return narrowed.length ? `${what} (${narrowed.join(', ')})` : what;
    };
};

/** /alert_rules: the rules of the list's accounts with what they match, who gets them and how. */
export const AlertRuleList = () => {
    const session = useSession();
    const translate = useTranslate();
    const what = useWhatText();
    const scope = useAccountScope(SORT);
    const account = useCreateAccount(scope.accountId);
    if (!session) return null;
    const mayWrite = can(session.role, 'alertRules', 'write');
    // The create page adds the rule to the list's account (see useCreateAccount) and says which.
    const add = mayWrite && (
        <CreateButton label="resources.alert_rules.add" {...CREATE_SHORTCUT} to={createPath('/alert_rules/create', account)} />
    );
    return (
        <AppList
            sort={SORT}
            filters={[<SearchInput key="q" source="q" alwaysOn />, ...accountScopeFilter(scope)]}
            filterDefaultValues={scope.defaults}
            permanentFilter={scope.permanentFilter}
            // the list, its filters and Add button even before the first rule
            empty={false}
            title={translate('resources.alert_rules.name', { smart_count: 2 })}
            actions={<TopToolbar>{add}</TopToolbar>}
        >
            <Datagrid
                bulkActionButtons={can(session.role, 'alertRules', 'delete') ? <UndoableBulkDeleteButton /> : false}
                rowClick={mayWrite ? 'edit' : false}
                empty={
                    <ListEmpty text={mayWrite ? 'resources.alert_rules.listEmpty.write' : 'resources.alert_rules.listEmpty.read'}>
                        {add}
                    </ListEmpty>
                }
            >
                <TextField source="name" />
                {scope.spansAccounts && accountColumn()}
                <FunctionField source="what" sortable={false} render={(r: AlertRule) => what(r)} />
                <FunctionField
                    source="where"
                    sortable={false}
                    render={(r: AlertRule) =>
                        [
                            r.user_ids.length ? translate('resources.alert_rules.usersCount', { smart_count: r.user_ids.length }) : '',
                            ...r.emails,
                            r.webhook_ids.length
                                ? translate('resources.alert_rules.webhooksCount', { smart_count: r.webhook_ids.length })
                                : '',
                        ]
                            .filter(Boolean)
                            .join(', ')
                    }
                />
                <FunctionField
                    source="how"
                    sortable={false}
                    render={(r: AlertRule) =>
                        translate(
                            r.delivery === 'digest'
                                ? `resources.alert_rules.how.${r.digest_period}`
                                : 'resources.alert_rules.how.immediate',
                        )
                    }
                />
                <BooleanField source="enabled" sortable={false} />
            </Datagrid>
        </AppList>
    );
};
