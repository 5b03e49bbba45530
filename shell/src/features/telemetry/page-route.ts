/**
 * What a telemetry entry says of the page it happened on: its route pattern and whose page it is. A home of its own
 * because both the start-up side (./telemetry.ts) and the lazy reporter (./reporter.ts) need it.
 */
import { paths, REMOTE_ROUTES } from '@sbc/shared';
import { routePatternOf, TELEMETRY_APPS, type ErrorKind, type TelemetryApp } from '@sbc/domain';

export interface NotedError {
  app: TelemetryApp;
  kind: ErrorKind;
  message: string;
  /** The route pattern, and whose page it is, when it happened. */
  route: string;
  page: TelemetryApp;
}

const PATTERNS: readonly string[] = [...REMOTE_ROUTES.map((route) => route.path), ...(Object.values(paths) as unknown[]).filter((path): path is string => typeof path === 'string')];

/** The route pattern of the page shown, and the app whose page it is. */
export function currentPage(): { route: string; page: TelemetryApp } {
  const route = routePatternOf(location.pathname, PATTERNS);
  const owner = REMOTE_ROUTES.find((entry) => entry.path === route)?.module.split('/')[0];
  return { route, page: TELEMETRY_APPS.find((app) => app === owner) ?? 'shell' };
}

