import { useState } from 'react';
import { bulkFieldLabel, formatBulkValue, type BulkChange } from '@sbc/domain';

/** Products per page of the preview (every change is shown, a page at a time). */
const PREVIEW_PAGE = 100;

/** Every change of a job as a diff (product, field, before struck out, after), a hundred products a page. */
export function ChangesPreview({ changes }: { changes: readonly BulkChange[] }) {
  const [previewPage, setPreviewPage] = useState(0);
  const pages = Math.max(1, Math.ceil(changes.length / PREVIEW_PAGE));
  const page = Math.min(previewPage, pages - 1);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled scroll container around the table, not a document section */}
      <div className="ac-catalog-table-wrap" role="region" aria-label="Modifiche in anteprima" tabIndex={0}>
        <table className="ac-catalog-table">
          <caption className="ac-visually-hidden">Ogni modifica: prodotto, campo, prima e dopo</caption>
          <thead>
            <tr>
              <th scope="col">Prodotto</th>
              <th scope="col">Campo</th>
              <th scope="col">Prima</th>
              <th scope="col">Dopo</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(page * PREVIEW_PAGE, (page + 1) * PREVIEW_PAGE).flatMap((change) =>
              Object.keys(change.after).map((field, i) => (
                <tr key={`${change.productId}/${field}`}>
                  {i === 0 ? (
                    <th scope="row" rowSpan={Object.keys(change.after).length}>
                      {change.name}
                    </th>
                  ) : null}
                  <td>{bulkFieldLabel(field)}</td>
                  <td className="ac-catalog-break">{change.create ? '—' : <del>{formatBulkValue(field, change.before[field])}</del>}</td>
                  <td className="ac-catalog-break">
                    <ins>{formatBulkValue(field, change.after[field])}</ins>
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav className="ac-row ac-catalog-pager" aria-label="Pagine dell'anteprima">
          <button type="button" className="ac-btn" disabled={page === 0} onClick={() => setPreviewPage(page - 1)}>
            Modifiche precedenti
          </button>
          <span>
            {page + 1} / {pages}
          </span>
          <button type="button" className="ac-btn" disabled={page >= pages - 1} onClick={() => setPreviewPage(page + 1)}>
            Modifiche successive
          </button>
        </nav>
      )}
    </>
  );
}
