import type { DeltaTone } from '@sbc/domain';
import './ps-base.css';

/**
 * A signed change. The sign is part of the text (formatDelta / formatValueDelta), so colour is never the only
 * carrier of meaning; `label` names the change for screen readers when the column header is not enough. It is
 * visually hidden text, not aria-label: an aria-label on a plain span (no role) is not reliably announced.
 */
export function Delta({ value, label }: { value: { text: string; tone: DeltaTone }; label?: string }) {
  return (
    <span className={`ps-delta ps-delta--${value.tone}`}>
      {label && <span className="ps-visually-hidden">{label}: </span>}
      {value.text}
    </span>
  );
}
