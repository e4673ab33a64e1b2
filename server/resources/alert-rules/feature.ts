import type { Feature } from '../../feature';
import { alertJob } from './jobs';
import { alertAddressRoutes, alertRuleRoutes, alertRuleWriteRoutes } from './routes';

export const alertRulesFeature: Feature = {
    name: 'alert-rules',
    routes: [alertRuleRoutes, alertRuleWriteRoutes, alertAddressRoutes],
    jobs: [alertJob],
};
