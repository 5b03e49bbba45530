/**
 * The @sbc/shared package (a Module Federation singleton): data layer, stores, config, routes, the remote
 * contract. The pure domain is @sbc/domain, bundled by each app (README: compatibility policy).
 */
export * from './data';
export * from './stores';
export * from './config/runtime-config';
export * from './paths';
export * from './remote-contract';
export * from './route-manifest';
export * from './ui/use-page-meta';
export * from './ui/StandaloneStartupError';
export * from './ui/standalone';
export * from './ssr';
export * from './ui/theme';
