import type { Feature } from '../../feature';
import { alertJob } from './jobs';
import { alertRuleRoutes } from './routes';

export const alertRulesFeature: Feature = {
    name: 'alert-rules',
    routes: [alertRuleRoutes],
    jobs: [alertJob],
};
