/**
 * The reporter (a lazy chunk, loaded after hydration by ./telemetry.ts): Core Web Vitals with web-vitals, errors
 * folded by kind and message, sent when the page is hidden (sendBeacon, else fetch with keepalive) to the site's
 * endpoint with the page's three release ids. Its size is budgeted (budgets.json "telemetry", npm run size).
 *
 * One page load is one view, drawn for sampling once (TELEMETRY_SAMPLE_RATE): a page drawn reports its view and
 * vitals, every page reports its errors. Each vital is sent once, its value when the page is first hidden (later
 * changes would count the page twice in the histogram).
 */
// The package's single minified module (2.6 KB gzip): its per-metric modules, bundled by webpack, came to 3.7 KB.
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { TELEMETRY_LIMITS, TELEMETRY_PATH, TELEMETRY_SAMPLE_RATE, type VitalName } from '@sbc/domain';
import { pageReleases } from '../../releases/page-releases';
import { currentPage, type NotedError } from './page-route';

type Pending = NotedError & { count: number };

export function startReporter(early: NotedError[]): (error: NotedError) => void {
  const landing = currentPage();
  const sampled = Math.random() < TELEMETRY_SAMPLE_RATE;
  let viewSent = !sampled;
  const vitals = new Map<VitalName, number>();
  const vitalsSent = new Set<VitalName>();
  const errors = new Map<string, Pending>();

  const note = (error: NotedError) => {
    // Cut to what the endpoint takes; the endpoint normalises it (no URL, e-mail, quoted text is stored), which the
    // reporter does not repeat: its rules would cost every visitor bytes.
    const message = error.message.slice(0, TELEMETRY_LIMITS.messageChars * 2);
    const key = `${error.route} ${error.page} ${error.app} ${error.kind} ${message}`;
    const known = errors.get(key);
    if (known) known.count = Math.min(known.count + 1, TELEMETRY_LIMITS.errorCount);
    else if (errors.size < TELEMETRY_LIMITS.errorsPerReport) errors.set(key, { ...error, message, count: 1 });
  };
  early.forEach(note);

  if (sampled) {
    const keep = (metric: Metric) => {
      if (!vitalsSent.has(metric.name as VitalName)) vitals.set(metric.name as VitalName, metric.value);
    };
    onLCP(keep);
    onINP(keep);
    onCLS(keep);
  }

  const device = matchMedia('(pointer: coarse)').matches || innerWidth < 720 ? 'phone' : 'desktop';
  const send = (body: string) => {
    const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
    if (!navigator.sendBeacon?.(TELEMETRY_PATH, blob)) {
      fetch(TELEMETRY_PATH, { method: 'POST', body: blob, keepalive: true }).catch(() => {});
    }
  };

  /** One report per route the errors happened on; the landing route's carries the view and the vitals. */
  const flush = () => {
    const groups = new Map<string, { route: string; page: string; errors: Pending[] }>();
    const groupOf = ({ route, page }: { route: string; page: string }) => {
      const key = `${route} ${page}`;
      if (!groups.has(key)) groups.set(key, { route, page, errors: [] });
      return groups.get(key)!;
    };
    const landingGroup = !viewSent || vitals.size > 0 ? groupOf(landing) : null;
    for (const error of errors.values()) groupOf(error).errors.push(error);
    errors.clear();
    for (const group of groups.values()) {
      const withView = group === landingGroup;
      send(
        JSON.stringify({
          v: 1,
          page: group.page,
          route: group.route,
          device,
          releases: { ...pageReleases },
          rate: TELEMETRY_SAMPLE_RATE,
          view: withView && !viewSent,
          vitals: withView ? [...vitals].map(([name, value]) => ({ name, value })) : [],
          errors: group.errors.map(({ app, kind, message, count }) => ({ app, kind, message, count })),
        }),
      );
    }
    if (landingGroup) {
      viewSent = true;
      for (const name of vitals.keys()) vitalsSent.add(name);
      vitals.clear();
    }
  };

  // After web-vitals' own listeners (added above), which hand over the final values when the page is hidden.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  return note;
}
