/** Alerts that reach a closed app (issue 37, docs/alert-webhooks.md): the triggers' bodies. */
export { alertsConfigFromEnvironment, type AlertsConfig } from './config';
export { evaluateMarketUpdate, type EvaluationSummary } from './evaluate';
export { hookUrlProblem, postOnce } from './deliver';
export { onHookWritten } from './hooks';
export { signatureOf, signedHeaders, verifyDelivery } from './signature';
export { ALERT_HOOK_SECRETS_COLLECTION, ALERT_HOOKS_COLLECTION, applyIndexChange, firestoreAlertStore, playerHasHooks, reindexPlayer, secretDocumentId } from './store';
export { sendMailOnce, type AccountAddress } from './mail';
