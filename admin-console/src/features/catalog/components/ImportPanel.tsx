import { useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { CSV_CONTENT_TYPE, type BulkJobKind, type ProductFileFormat } from '@sbc/domain';
import { ChoiceField } from '../../../components/ChoiceField';
import type { CatalogStore } from '../stores/catalog-store';
import type { ImportStore } from '../stores/import-store';
import { exportedMaterialsText, exportedText, FILE_KIND_LABEL, FILE_KIND_OPTIONS, IMPORT_OUTCOME_LABELS, IMPORT_TITLE, importSummary, previewTitle } from '../texts';
import { ChangesPreview } from './ChangesPreview';
import { JobProgress } from './JobProgress';

const DOWNLOAD_TYPES: Record<ProductFileFormat, string> = { csv: CSV_CONTENT_TYPE, json: 'application/json' };

function download(text: string, name: string, format: ProductFileFormat) {
  const url = URL.createObjectURL(new Blob([text], { type: DOWNLOAD_TYPES[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Import a CSV/JSON file of products or of materials (dry run row by row, then applied like a bulk edit) and export
 * the list's matching products, or every material, in the same format.
 */
export const ImportPanel = observer(function ImportPanel({ imports, catalog }: { imports: ImportStore; catalog: CatalogStore }) {
  const headingId = useId();
  const dryRunId = useId();
  const [exported, setExported] = useState<string | null>(null);

  const materials = imports.kind === 'materials';
  const exportAs = async (format: ProductFileFormat) => {
    const name = `${materials ? 'materiali' : 'prodotti'}.${format}`;
    const file = await imports.exportMatching(catalog.query, format);
    if (!file) return;
    download(file.text, name, format);
    setExported(materials ? exportedMaterialsText(file.count, name) : exportedText(file.count, name));
  };
  const busy = imports.state === 'reading' || imports.job?.state === 'applying';

  return (
    <section className="ac-card ac-catalog-bulk" aria-labelledby={headingId}>
      <h2 id={headingId}>{IMPORT_TITLE}</h2>
      <ChoiceField
        id="ac-import-kind"
        label={FILE_KIND_LABEL}
        value={imports.kind}
        choices={FILE_KIND_OPTIONS}
        disabled={busy}
        onChange={(kind) => {
          setExported(null);
          imports.setKind(kind as BulkJobKind);
        }}
      />
      <div className="ac-row">
        <button type="button" className="ac-btn" disabled={imports.exporting} onClick={() => void exportAs('csv')}>
          Esporta CSV
        </button>
        <button type="button" className="ac-btn" disabled={imports.exporting} onClick={() => void exportAs('json')}>
          Esporta JSON
        </button>
        <span className="ac-note">
          {materials ? "Tutti i materiali, nel formato dell'importazione." : "I prodotti che corrispondono ai filtri, nel formato dell'importazione."}
        </span>
      </div>
      {exported && <p role="status">{exported}</p>}
      {imports.exportError && <p role="alert">{imports.exportError}</p>}
      <div className="ac-field">
        <label htmlFor="ac-import-file">File da importare (.csv o .json)</label>
        <input
          id="ac-import-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby={imports.fileError ? 'ac-import-error' : undefined}
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void imports.dryRun(file);
            e.target.value = '';
          }}
        />
      </div>
      {imports.state === 'reading' && <p>Lettura del file…</p>}
      {imports.fileError && (
        <p className="ac-error" role="alert" id="ac-import-error">
          {imports.fileError}
        </p>
      )}
      {imports.state === 'planned' && imports.job && (
        <section aria-labelledby={dryRunId} className="ac-catalog-preview">
          <h3 id={dryRunId}>{importSummary(imports.counts)}</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable) */}
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled scroll container around the table, not a document section */}
          <div className="ac-catalog-table-wrap ac-catalog-rows" role="region" aria-label="Righe del file" tabIndex={0}>
            <table className="ac-catalog-table">
              <caption className="ac-visually-hidden">Ogni riga del file: esito e motivi</caption>
              <thead>
                <tr>
                  <th scope="col">Riga</th>
                  <th scope="col">{materials ? 'Nome' : 'Slug'}</th>
                  <th scope="col">Esito</th>
                  <th scope="col">Motivi</th>
                </tr>
              </thead>
              <tbody>
                {imports.plan.map((row) => (
                  <tr key={row.line}>
                    <th scope="row">{row.line}</th>
                    <td className="ac-catalog-break">{row.slug || '—'}</td>
                    <td>{IMPORT_OUTCOME_LABELS[row.outcome]}</td>
                    <td>{row.errors.length === 0 ? '—' : row.errors.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {imports.job.changes.length > 0 && (
            <>
              <h4>{previewTitle(imports.job.changes.length, imports.job.changedFieldCount)}</h4>
              <ChangesPreview changes={imports.job.changes} />
            </>
          )}
          <JobProgress job={imports.job} onCancel={imports.discard} onWritten={() => void catalog.refresh()} />
        </section>
      )}
    </section>
  );
});
