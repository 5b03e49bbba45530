export { BROTLI_WAIT_LIMIT_BYTES, startStaticServer, type StaticServer, type StaticServerOptions } from './server';
export { buildLocalRuntimeConfig, PROJECT_ID, REGION, type LocalEndpoints } from './app-config';
export { cacheControlFor, contentTypeFor, IMMUTABLE, NO_CACHE } from './policy';
