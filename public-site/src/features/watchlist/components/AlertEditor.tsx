import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useRootStore } from '@sbc/shared';
import { ALERT_DIRECTION_LABELS, ALERT_METRIC_LABELS, alertMetricsFor, parseThreshold, type AlertDirection, type AlertMetric, type WatchEntry } from '@sbc/domain';
import { FormError, LabelledInput } from './fields';

/**
 * The alert of one watched item: metric (price, or request index for products), above/below, threshold.
 * A bad threshold is explained under the field and nothing is saved; a failed save keeps the form as typed.
 */
export const AlertEditor = observer(function AlertEditor({ entry, onDone }: { entry: WatchEntry; onDone: () => void }) {
  const { watchlist } = useRootStore();
  const metrics = alertMetricsFor(entry.kind);
  const [metric, setMetric] = useState<AlertMetric>(entry.alert?.metric ?? 'price');
  const [direction, setDirection] = useState<AlertDirection>(entry.alert?.direction ?? 'above');
  const [threshold, setThreshold] = useState(entry.alert ? String(entry.alert.threshold) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseThreshold(threshold);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setSaving(true);
    const saved = await watchlist.setAlert(entry.id, { metric, direction, threshold: parsed.value });
    setSaving(false);
    if (saved) onDone();
  };

  const remove = async () => {
    setSaving(true);
    const removed = await watchlist.setAlert(entry.id, null);
    setSaving(false);
    if (removed) onDone();
  };

  return (
    <form className="ps-alert-editor" onSubmit={save} aria-label={`Alert for ${entry.name}`} noValidate>
      <label htmlFor={`${id}-metric`}>
        Watch
        <select id={`${id}-metric`} value={metric} onChange={(e) => setMetric(e.target.value as AlertMetric)}>
          {metrics.map((m) => (
            <option key={m} value={m}>{ALERT_METRIC_LABELS[m]}</option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-direction`}>
        When it goes
        <select id={`${id}-direction`} value={direction} onChange={(e) => setDirection(e.target.value as AlertDirection)}>
          {(['above', 'below'] as const).map((d) => (
            <option key={d} value={d}>{ALERT_DIRECTION_LABELS[d]}</option>
          ))}
        </select>
      </label>
      <LabelledInput
        id={`${id}-threshold`}
        label="Threshold"
        inputMode="decimal"
        autoComplete="off"
        value={threshold}
        error={error}
        errorId={`${id}-error`}
        onChange={(e) => setThreshold(e.target.value)}
      />
      <FormError id={`${id}-error`} error={error} />
      <div className="ps-alert-editor__actions">
        <button type="submit" className="ps-btn ps-btn--primary" disabled={saving}>Save alert</button>
        {entry.alert && (
          <button type="button" className="ps-btn" disabled={saving} onClick={() => void remove()}>Remove alert</button>
        )}
        <button type="button" className="ps-btn" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
});
