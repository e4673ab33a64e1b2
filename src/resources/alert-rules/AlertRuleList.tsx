import { BooleanField, CreateButton, Datagrid, FunctionField, SearchInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import type { AlertRule } from '../../../contract/alertRules';
import { can } from '../../../contract/rights';
import { AppList } from '../../lists/AppList';
import { useSession } from '../../session/useSession';

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

/** /alert_rules: the account's rules with what they match, who gets them and how. */
export const AlertRuleList = () => {
    const session = useSession();
    const translate = useTranslate();
    const what = useWhatText();
    if (!session) return null;
    const mayWrite = can(session.role, 'alertRules', 'write');
    return (
        <AppList
            sort={{ field: 'name', order: 'ASC' }}
            filters={[<SearchInput key="q" source="q" alwaysOn />]}
            title={translate('resources.alert_rules.name', { smart_count: 2 })}
            actions={<TopToolbar>{mayWrite && <CreateButton label="resources.alert_rules.add" />}</TopToolbar>}
        >
            <Datagrid bulkActionButtons={false} rowClick={mayWrite ? 'edit' : false}>
                <TextField source="name" />
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
