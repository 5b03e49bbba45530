export { startStack, REPO_ROOT, type RunningStack, type StackOptions, type StackUrls } from './stack';
export { resetData, type ResetResult } from './reset';
export { DEFAULT_PORTS, INTEGRATION_PORTS, shiftPorts, type StackPorts } from './ports';
export { dataPaths } from './data-dir';
export { ADVANCE_USAGE, parseAdvanceArgs, parseResetArgs, parseStartArgs, RESET_USAGE, START_USAGE, UsageError } from './cli-args';
export { advanceRunningMarket } from './market';
export { advanceMarket, describeAdvance, planMarketAdvance, type AdvanceSummary } from '../market';
export { APPS, serveApp, type AppDescriptor } from './apps';
export { buildLocalRuntimeConfig } from '../static-server/app-config';
