import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { usePageMeta, useRootStore } from '@sbc/shared';
import {
  DEVICES,
  previousRelease,
  regressionsOf,
  REGRESSION_RULE,
  TELEMETRY_APPS,
  VITAL_NAMES,
  type Device,
  type ErrorKind,
  type Regression,
  type ReleaseHealth,
  type TelemetryApp,
  type VitalName,
} from '@sbc/domain';
import { HEALTH_LOAD_FAILED, HEALTH_REFRESH_MS, HEALTH_WINDOW_HOURS, HealthStore } from '../stores/health-store';
import '../../../components/admin.css';
import './salute.css';
import { BackToDashboard } from '../../../components/BackToDashboard';

const APP_NAMES: Record<TelemetryApp, string> = { shell: 'Shell', publicSite: 'Sito pubblico', adminConsole: 'Console di amministrazione' };
const DEVICE_NAMES: Record<Device, string> = { phone: 'telefono', desktop: 'desktop' };
const KIND_NAMES: Record<ErrorKind, string> = {
  error: 'errore non gestito',
  rejection: 'promessa rifiutata',
  boundary: 'errore di un remote',
  chunk: 'caricamento di un chunk',
  data: 'chiamata dati',
};

const NUMBER = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 });
const TIME = new Intl.DateTimeFormat('it-IT', { timeStyle: 'medium' });

/** A vital's p75 as the page shows it (a bucket bound: "≤ 1500 ms"; above the last one "> 10000 ms"). */
function vitalText(name: VitalName, value: number | null, lastBound: number): string {
  if (value === null) return '—';
  const unit = name === 'CLS' ? '' : ' ms';
  if (value === Number.POSITIVE_INFINITY) return `> ${lastBound}${unit}`;
  return `≤ ${name === 'CLS' ? value.toLocaleString('it-IT') : NUMBER.format(value)}${unit}`;
}

function regressionText(regression: Regression): string {
  if (regression.metric === 'errorRate') return `tasso di errori ${PERCENT.format(regression.previous)} → ${PERCENT.format(regression.current)}`;
  return `${regression.metric} ${regression.device ? DEVICE_NAMES[regression.device] : ''} peggiorato`;
}

const LAST_BOUND: Record<VitalName, number> = { LCP: 10000, INP: 1200, CLS: 1 };

function Figure({ now, before }: { now: string; before: string | null }) {
  return (
    <>
      {now}
      {before !== null && <span className="ac-health-previous"> (prima: {before})</span>}
    </>
  );
}

const rateText = (health: ReleaseHealth) => (health.errorRate === null ? '—' : PERCENT.format(health.errorRate));

function ReleaseRows({ health, previous }: { health: ReleaseHealth; previous: ReleaseHealth | undefined }) {
  const regressions = regressionsOf(health, previous);
  return (
    <tr className={regressions.length > 0 ? 'ac-health-worse' : undefined}>
      <th scope="row">
        <code>{health.release}</code>
      </th>
      <td>
        <Figure now={NUMBER.format(health.pageViews)} before={previous ? NUMBER.format(previous.pageViews) : null} />
      </td>
      <td>
        <Figure now={NUMBER.format(health.errors)} before={previous ? NUMBER.format(previous.errors) : null} />
      </td>
      <td>
        <Figure now={rateText(health)} before={previous ? rateText(previous) : null} />
      </td>
      {VITAL_NAMES.flatMap((name) =>
        DEVICES.map((device) => (
          <td key={`${name}-${device}`}>
            <Figure
              now={vitalText(name, health.vitals[name][device].p75, LAST_BOUND[name])}
              before={previous ? vitalText(name, previous.vitals[name][device].p75, LAST_BOUND[name]) : null}
            />
          </td>
        )),
      )}
      <td>
        {!previous ? (
          'Nessuna release precedente'
        ) : regressions.length > 0 ? (
          <strong>Peggiorata: {regressions.map(regressionText).join('; ')}</strong>
        ) : (
          'In linea con la precedente'
        )}
      </td>
    </tr>
  );
}

function TopErrors({ health }: { health: ReleaseHealth }) {
  if (health.topErrors.length === 0) return null;
  return (
    <section aria-label={`Errori più frequenti · ${APP_NAMES[health.app]} ${health.release}`}>
      <h3>
        Errori più frequenti · <code>{health.release}</code>
      </h3>
      <ol className="ac-health-errors">
        {health.topErrors.map((error) => (
          <li key={`${error.kind} ${error.route} ${error.message}`}>
            <strong>{NUMBER.format(error.count)} ×</strong> {KIND_NAMES[error.kind]} su <code>{error.route}</code>: {error.message}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * /admin/salute: how each app's release does with real visitors (docs/telemetry.md): per app and release, page views,
 * errors and errors per view, the top errors, p75 LCP, INP and CLS on phones and desktops, each beside the previous
 * release's; a release doing worse than the one before is flagged (REGRESSION_RULE in @sbc/domain). Live: read again
 * every minute.
 */
export const SalutePage = observer(function SalutePage() {
  const root = useRootStore();
  const [health] = useState(() => new HealthStore(root));
  usePageMeta({ title: 'Salute delle release · SBC Tycoon', description: 'Errori e Core Web Vitals per release.', robots: 'noindex, nofollow' });

  useEffect(() => health.start(), [health]);

  const releases = health.releases;
  return (
    <div className="ac-page">
      <BackToDashboard />
      <h1>Salute delle release</h1>
      <p className="ac-note">
        Visitatori reali delle ultime {HEALTH_WINDOW_HOURS} ore: errori e Core Web Vitals (75° percentile) di ogni release, accanto alla release
        precedente della stessa app. Una release è segnalata come peggiorata se il tasso di errori supera {REGRESSION_RULE.errorRateRatio} volte
        quello precedente (con almeno {REGRESSION_RULE.minErrors} errori) o se un vital peggiora di oltre{' '}
        {PERCENT.format(REGRESSION_RULE.vitalRatio - 1)}. Aggiornato ogni {HEALTH_REFRESH_MS / 1000} secondi
        {health.loadedAt && <> (ultimo aggiornamento {TIME.format(health.loadedAt)})</>}.
      </p>
      {health.state === 'error' && (
        <p role="alert">
          {HEALTH_LOAD_FAILED}{' '}
          <button type="button" className="ac-btn" onClick={() => void health.load(true)}>
            Riprova
          </button>
        </p>
      )}
      {health.state === 'ready' && releases.length === 0 && <p>Nessun dato nelle ultime {HEALTH_WINDOW_HOURS} ore.</p>}
      {TELEMETRY_APPS.map((app) => {
        const ofApp = releases.filter((release) => release.app === app);
        if (ofApp.length === 0) return null;
        return (
          <section key={app} className="ac-card" aria-busy={health.state === 'loading' || undefined}>
            <div className="ac-health-scroll">
              <table className="ac-health-table">
                <caption>{APP_NAMES[app]}</caption>
                <thead>
                  <tr>
                    <th scope="col">Release</th>
                    <th scope="col">Visualizzazioni</th>
                    <th scope="col">Errori</th>
                    <th scope="col">Errori per visualizzazione</th>
                    {VITAL_NAMES.flatMap((name) =>
                      DEVICES.map((device) => (
                        <th scope="col" key={`${name}-${device}`}>
                          {name} {DEVICE_NAMES[device]}
                        </th>
                      )),
                    )}
                    <th scope="col">Stato</th>
                  </tr>
                </thead>
                <tbody>
                  {ofApp.map((release) => (
                    <ReleaseRows key={release.release} health={release} previous={previousRelease(releases, release)} />
                  ))}
                </tbody>
              </table>
            </div>
            {ofApp.map((release) => (
              <TopErrors key={release.release} health={release} />
            ))}
          </section>
        );
      })}
    </div>
  );
});
