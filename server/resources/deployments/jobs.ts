import type { Job } from '../../jobs/runner';
import { advanceDeployments } from './queries';

/**
 * Deployment phases: scheduled deployments become pending when their first
 * phase starts; readers deleted mid-way are let go; readers silent for
 * DEPLOYMENT_READER_TIMEOUT fail that attempt; deployments with no reader
 * left to go finish. Readers' own reports do the rest, so this only tidies
 * up; each step is one statement, safe on several instances.
 */
export const deploymentPhases: Job = {
    name: 'deployment-phases',
    everyMs: 5000,
    async run(ctx) {
        await advanceDeployments(ctx.db, ctx.now(), ctx.config.deploymentReaderTimeoutSeconds);
    },
};

export const deploymentJobs: Job[] = [deploymentPhases];
