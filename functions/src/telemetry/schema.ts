/**
 * The one shape a telemetry report may have (docs/telemetry.md#the-report). Strict: an unknown field, a value out
 * of range or of the wrong type refuses the whole report (400), so the endpoint can write nothing it did not expect.
 * Release ids are taken as any short text here and checked afterwards (./aggregate.ts): one that is not a release id
 * is counted as "unknown", not refused, since a local or unstamped build has none.
 */
import { z } from 'zod';
import { ACCEPTED_SAMPLE_RATES, DEVICES, ERROR_KINDS, OTHER_ROUTE, TELEMETRY_APPS, TELEMETRY_LIMITS, VITAL_NAMES } from '@sbc/domain';

/** A route pattern of the site ('/products/:slug'), or OTHER_ROUTE: never a path with a query or a fragment. */
const route = z
  .string()
  .max(TELEMETRY_LIMITS.routeChars)
  .refine((text) => text === OTHER_ROUTE || /^\/[A-Za-z0-9/:_-]*$/.test(text), 'a route pattern');

const release = z.string().max(64).nullable();

/** LCP and INP in ms up to 10 minutes; CLS up to 100 (beyond is not a measurement). */
const vital = z.strictObject({
  name: z.enum(VITAL_NAMES),
  value: z.number().finite().min(0).max(600_000),
});

const error = z.strictObject({
  app: z.enum(TELEMETRY_APPS),
  kind: z.enum(ERROR_KINDS),
  message: z.string().max(TELEMETRY_LIMITS.messageChars * 2),
  count: z.number().int().min(1).max(TELEMETRY_LIMITS.errorCount),
});

export const telemetryReportSchema = z
  .strictObject({
    v: z.literal(1),
    /** The page's app: the remote whose page it is, or the shell for its own pages. */
    page: z.enum(TELEMETRY_APPS),
    route,
    device: z.enum(DEVICES),
    releases: z.strictObject({ shell: release, publicSite: release, adminConsole: release }),
    rate: z.number().refine((value) => ACCEPTED_SAMPLE_RATES.includes(value), 'an accepted sample rate'),
    /** This report counts the page's view (once per sampled page). */
    view: z.boolean(),
    vitals: z.array(vital).max(VITAL_NAMES.length),
    errors: z.array(error).max(TELEMETRY_LIMITS.errorsPerReport),
  })
  .refine((report) => new Set(report.vitals.map((v) => v.name)).size === report.vitals.length, 'one value per vital')
  .refine((report) => report.vitals.every((v) => v.name !== 'CLS' || v.value <= 100), 'a CLS value');

export type TelemetryReport = z.infer<typeof telemetryReportSchema>;
