import type { FaqItem } from '@sbc/domain';
import { FaqIcon } from './FaqIcon';
import { LightMarkup } from './LightMarkup';

/**
 * Native <details>/<summary>: each question opens and closes on its own (several at once), works with the
 * keyboard and without JavaScript, and the browser's find-in-page can reveal closed answers.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="ps-faq__list">
      {items.map((item) => (
        <details key={item.id} className="ps-faq__item ps-card" id={`faq-${item.id}`}>
          <summary>
            <FaqIcon name={item.icon} />
            <span className="ps-faq__question">{item.question}</span>
          </summary>
          <p className="ps-faq__answer">
            <LightMarkup text={item.answer} />
          </p>
        </details>
      ))}
    </div>
  );
}
