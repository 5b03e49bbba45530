import { useId, useState, type ChangeEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useRootStore } from '@sbc/shared';
import { MAX_TRADE_IMPORT_BYTES, planTradeImport, tradeMessages, type ImportPlan } from '@sbc/domain';

export const importReadyText = (n: number) => (n === 1 ? '1 trade can be imported.' : `${n} trades can be imported.`);
export const importedText = (n: number) => (n === 1 ? '1 trade imported.' : `${n} trades imported.`);
export const IMPORT_NOTHING_TEXT = 'No line of the file can be imported.';
export const IMPORT_UNREADABLE_TEXT = 'The file could not be read. Choose it again, or another file.';

/** The file's text as UTF-8 (FileReader: Blob.text is missing from some test environments and older browsers). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * "Import from CSV": the file is checked first (a dry run: every line read with the domain's rules, each refused
 * line named by its number with its reasons, nothing written), then "Import" writes the accepted lines in one
 * transaction, or nothing. A file over MAX_TRADE_IMPORT_BYTES is refused by its size, before it is read.
 */
export const TradeImport = observer(function TradeImport() {
  const { tradeBook } = useRootStore();
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const id = useId();

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    setImported(null);
    const file = e.target.files?.[0];
    if (!file) return setPlan(null);
    if (file.size > MAX_TRADE_IMPORT_BYTES) return setPlan({ accepted: [], refused: [], fileError: tradeMessages.fileTooLarge });
    try {
      const text = await readText(file);
      setPlan(planTradeImport(text, file.size, tradeBook.trades, Date.now()));
    } catch (error) {
      console.error('Failed to read the import file', error);
      setPlan({ accepted: [], refused: [], fileError: IMPORT_UNREADABLE_TEXT });
    }
  };

  const commit = async () => {
    if (!plan || plan.accepted.length === 0) return;
    const n = plan.accepted.length;
    if (await tradeBook.add(plan.accepted.map((a) => a.trade))) {
      setPlan(null);
      setImported(n);
    }
  };

  return (
    <section className="ps-card ps-trade-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import from CSV</h2>
      <p className="ps-hint">
        Columns: time, side, kind, item, quantity, unit price (the export’s format). Up to {MAX_TRADE_IMPORT_BYTES / 1024} KB. The file is checked
        first; nothing is saved until you import.
      </p>
      <label className="ps-trade-import__file">
        <span>CSV file</span>
        <input type="file" accept=".csv,text/csv" onChange={choose} />
      </label>
      {plan?.fileError && (
        <p className="ps-trade-errors" role="alert">
          {plan.fileError}
        </p>
      )}
      {plan && !plan.fileError && (
        <div className="ps-trade-import__plan">
          <p role="status">{plan.accepted.length > 0 ? importReadyText(plan.accepted.length) : IMPORT_NOTHING_TEXT}</p>
          {plan.refused.length > 0 && (
            <>
              <h3>Refused lines</h3>
              <ul className="ps-trade-errors" aria-label="Refused lines">
                {plan.refused.map((r) => (
                  <li key={r.line}>
                    Line {r.line}: {r.reasons.join(' ')}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="ps-trade-import__actions">
            <button type="button" className="ps-btn ps-btn--primary" onClick={commit} disabled={plan.accepted.length === 0 || tradeBook.saving}>
              {plan.accepted.length === 1 ? 'Import 1 trade' : `Import ${plan.accepted.length} trades`}
            </button>
            <button type="button" className="ps-btn" onClick={() => setPlan(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <p role="status" aria-live="polite" className="ps-trade-form__done">
        {imported !== null ? importedText(imported) : ''}
      </p>
    </section>
  );
});
