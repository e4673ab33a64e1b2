import type { Feature } from '../../feature';
import { alertJob } from './jobs';
import { acceptForms } from './routeHelpers';
import { alertMailCountsByState } from './queries';
import { alertAddressRoutes, alertRuleRoutes, alertRuleWriteRoutes } from './routes';

export const alertRulesFeature: Feature = {
    name: 'alert-rules',
    // the address pages' buttons post a form
    routes: [{ bodies: acceptForms, plugins: [alertRuleRoutes, alertRuleWriteRoutes, alertAddressRoutes] }],
    jobs: [alertJob],
    gauges: [{ gauge: 'mails', read: alertMailCountsByState }],
};
