export * from './telemetry';
export * from './release-health';
