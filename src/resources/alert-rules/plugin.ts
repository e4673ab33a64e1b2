import NotificationsActive from '@mui/icons-material/NotificationsActive';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const AlertRuleList = onDemand(() => import('./AlertRuleList').then(m => m.AlertRuleList));
const AlertRuleCreate = onDemand(() => import('./AlertRuleForm').then(m => m.AlertRuleCreate));
const AlertRuleEdit = onDemand(() => import('./AlertRuleForm').then(m => m.AlertRuleEdit));

/** Alert rules (docs/decisions.md "Alert rules"): which events are mailed to whom, at once or in a digest. */
export const alertRulesPlugin: ConsolePlugin = {
    key: 'alert-rules',
    resources: [
        {
            name: 'alert_rules',
            right: 'alertRules',
            routeKey: 'alertRules',
            list: AlertRuleList,
            create: AlertRuleCreate,
            edit: AlertRuleEdit,
            icon: NotificationsActive,
            recordRepresentation: 'name',
        },
    ],
    menuIcons: { alertRules: NotificationsActive },
    messages: import.meta.glob('./messages.*.ts'),
};
