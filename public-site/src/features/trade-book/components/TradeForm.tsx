import { useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { formatTradeTime, readTrade, type TradeFields } from '@sbc/domain';

export const TRADE_ADDED_TEXT = 'Trade recorded.';

const blank = (now: number): TradeFields => ({ kind: 'material', item: '', side: 'buy', quantity: '', unitPrice: '', at: formatTradeTime(now) });

/**
 * "Record a trade": kind, item, side, quantity, unit price and time (UTC, now by default). Every field is checked
 * with the domain's rules before anything is written (readTrade), and the book's own check (no selling more than
 * is held) runs in the save's transaction; a refused or failed save keeps what was typed.
 */
export const TradeForm = observer(function TradeForm() {
  const { tradeBook } = useRootStore();
  const [fields, setFields] = useState<TradeFields>(() => blank(Date.now()));
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const id = useId();
  const set = (name: keyof TradeFields) => (e: { target: { value: string } }) => {
    setDone(false);
    setFields((f) => ({ ...f, [name]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const read = readTrade(fields, Date.now());
    setErrors(read.errors);
    if (!read.trade) return;
    if (await tradeBook.add([read.trade])) {
      setFields(blank(Date.now()));
      setDone(true);
    }
  };

  const errorsId = `${id}-errors`;
  const invalid = errors.length > 0 || undefined;
  return (
    <section className="ps-card ps-trade-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Record a trade</h2>
      <form onSubmit={submit} noValidate aria-describedby={errors.length > 0 ? errorsId : undefined}>
        <label>
          <span>Kind</span>
          <select value={fields.kind} onChange={set('kind')}>
            <option value="material">Material</option>
            <option value="product">Product</option>
          </select>
        </label>
        <label className="ps-trade-form__item">
          <span>Item</span>
          <input value={fields.item} onChange={set('item')} autoComplete="off" aria-invalid={invalid} placeholder="e.g. Copper" />
        </label>
        <label>
          <span>Side</span>
          <select value={fields.side} onChange={set('side')}>
            <option value="buy">Buy</option>
            <option value="sell">Sell</option>
          </select>
        </label>
        <label>
          <span>Quantity</span>
          <input value={fields.quantity} onChange={set('quantity')} inputMode="decimal" autoComplete="off" aria-invalid={invalid} />
        </label>
        <label>
          <span>Unit price (SBC)</span>
          <input value={fields.unitPrice} onChange={set('unitPrice')} inputMode="decimal" autoComplete="off" aria-invalid={invalid} />
        </label>
        <label>
          <span>Time (UTC)</span>
          <input value={fields.at} onChange={set('at')} autoComplete="off" aria-invalid={invalid} placeholder="2026-11-27 14:30" />
        </label>
        <button type="submit" className="ps-btn ps-btn--primary" disabled={tradeBook.saving}>
          {tradeBook.saving ? 'Saving…' : 'Add trade'}
        </button>
      </form>
      {errors.length > 0 && (
        <ul id={errorsId} className="ps-trade-errors" role="alert">
          {errors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <p className="ps-trade-form__done" role="status" aria-live="polite">
        {done ? TRADE_ADDED_TEXT : ''}
      </p>
    </section>
  );
});
