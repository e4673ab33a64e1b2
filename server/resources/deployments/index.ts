/** The deployments feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { artifactForReader, openDeploymentsOf, recordDeviceStatus } from './queries';
