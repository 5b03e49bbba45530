import type { DeltaTone } from '@sbc/shared';
import './ps-base.css';

/**
 * A signed change. The sign is part of the text (formatDelta / formatValueDelta), so colour is never the only
 * carrier of meaning; `label` names the change for screen readers when the column header is not enough.
 */
export function Delta({ value, label }: { value: { text: string; tone: DeltaTone }; label?: string }) {
  return (
    <span className={`ps-delta ps-delta--${value.tone}`} aria-label={label ? `${label}: ${value.text}` : undefined}>
      {value.text}
    </span>
  );
}
