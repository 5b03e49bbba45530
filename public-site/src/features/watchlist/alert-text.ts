import { describeAlert, formatSbc, type WatchAlert } from '@sbc/domain';
import { formatIndex } from '@sbc/domain';

/** "Price above 110 · now 125.00 SBC"; without the current value when it is not known. */
export function alertNowText(alert: Pick<WatchAlert, 'metric' | 'direction' | 'threshold'>, now: number | null): string {
  if (now === null) return describeAlert(alert);
  return `${describeAlert(alert)} · now ${alert.metric === 'price' ? formatSbc(now) : formatIndex(now)}`;
}
