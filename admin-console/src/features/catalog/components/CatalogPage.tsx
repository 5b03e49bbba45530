import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { usePageMeta, useRootStore } from '@sbc/shared';
import {
  CATALOG_SORTS,
  MISSING_DATA_FILTERS,
  missingDataOf,
  PRODUCT_TYPE_OPTIONS,
  type CatalogSort,
  type MissingDataFilter,
} from '@sbc/domain';
import { ChoiceField } from '../../../components/ChoiceField';
import { CatalogStore } from '../stores/catalog-store';
import { BulkEditStore } from '../stores/bulk-edit-store';
import { ImportStore } from '../stores/import-store';
import { UnfinishedJobStore } from '../stores/unfinished-job';
import { ANY, CATALOG_EMPTY, CATALOG_LOAD_FAILED, CATALOG_TITLE, matchesText, selectAllMatchingText, selectedText } from '../texts';
import { BulkEditPanel } from './BulkEditPanel';
import { ImportPanel } from './ImportPanel';
import { UnfinishedJobPanel } from './UnfinishedJobPanel';
import '../../../components/admin.css';
import './catalog.css';
import { BackToDashboard } from '../../../components/BackToDashboard';

const DIRECTIONS = [
  { value: 'asc', label: 'Crescente' },
  { value: 'desc', label: 'Decrescente' },
];

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const PRICE = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const price = (value: unknown) => (typeof value === 'number' ? PRICE.format(value) : '—');

/**
 * /admin/products: the whole catalogue, paged (50 a page, one bounded query each), with search, filters and sort,
 * and bulk edit of the selected products (or every match) with a preview of every change before anything is written.
 */
export const CatalogPage = observer(function CatalogPage() {
  const root = useRootStore();
  const [catalog] = useState(() => new CatalogStore(root));
  const [bulk] = useState(() => new BulkEditStore(root));
  const [imports] = useState(() => new ImportStore(root));
  const [unfinished] = useState(() => new UnfinishedJobStore(root));
  const [search, setSearch] = useState('');
  const listId = useId();
  usePageMeta({ title: `${CATALOG_TITLE} · SBC Tycoon`, description: 'Il catalogo dei prodotti.', robots: 'noindex, nofollow' });

  useEffect(() => {
    void catalog.load();
    void root.market.loadMarketStats();
    void root.talents.load();
  }, [catalog, root]);

  const q = catalog.query;
  const sectors = root.market.categories;
  const talents = root.talents.talents;

  return (
    <div className="ac-page ac-catalog">
      <BackToDashboard />
      <h1>{CATALOG_TITLE}</h1>
      <UnfinishedJobPanel unfinished={unfinished} onWritten={() => void catalog.refresh()} />
      {/* biome-ignore lint/a11y/useSemanticElements: a form with the search landmark role; <search> is not in React's typings yet */}
      <form
        className="ac-card ac-catalog-filters"
        role="search"
        aria-label="Cerca e filtra i prodotti"
        onSubmit={(e) => {
          e.preventDefault();
          void catalog.setQuery({ search });
        }}
      >
        <div className="ac-field ac-catalog-search">
          <label htmlFor="ac-catalog-search">Cerca per slug</label>
          <input id="ac-catalog-search" type="search" placeholder="Inizio dello slug o del nome…" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit" className="ac-btn ac-btn-primary">
          Cerca
        </button>
        <ChoiceField
          id="ac-catalog-sector"
          label="Settore"
          value={q.sector}
          choices={[{ value: '', label: ANY }, ...sectors.map((s) => ({ value: s, label: s }))]}
          onChange={(sector) => void catalog.setQuery({ sector })}
        />
        <ChoiceField
          id="ac-catalog-type"
          label="Tipo"
          value={q.type}
          choices={[{ value: '', label: ANY }, ...PRODUCT_TYPE_OPTIONS.map((o) => ({ ...o, lang: 'en' }))]}
          onChange={(type) => void catalog.setQuery({ type })}
        />
        <ChoiceField
          id="ac-catalog-talent"
          label="Talento"
          value={q.talent}
          choices={[{ value: '', label: ANY }, ...talents.map((t) => ({ value: t.name, label: t.name, key: `${t.type}/${t.name}` }))]}
          onChange={(talent) => void catalog.setQuery({ talent })}
        />
        <ChoiceField
          id="ac-catalog-missing"
          label="Dati mancanti"
          value={q.missing}
          choices={[{ value: '', label: ANY }, ...(Object.keys(MISSING_DATA_FILTERS) as MissingDataFilter[]).map((key) => ({ value: key, label: MISSING_DATA_FILTERS[key].label }))]}
          onChange={(missing) => void catalog.setQuery({ missing: missing as MissingDataFilter | '' })}
        />
        <ChoiceField
          id="ac-catalog-sort"
          label="Ordina per"
          value={q.sort}
          choices={(Object.keys(CATALOG_SORTS) as CatalogSort[]).map((key) => ({ value: key, label: CATALOG_SORTS[key].label }))}
          onChange={(sort) => void catalog.setQuery({ sort: sort as CatalogSort })}
        />
        <ChoiceField
          id="ac-catalog-dir"
          label="Direzione"
          value={q.dir}
          choices={DIRECTIONS}
          onChange={(dir) => void catalog.setQuery({ dir: dir as 'asc' | 'desc' })}
        />
        {q.search !== '' && <p className="ac-note ac-catalog-wide">Con una ricerca i risultati sono ordinati per slug.</p>}
      </form>

      <section className="ac-card" aria-labelledby={listId} aria-busy={catalog.state === 'loading' || undefined}>
        <h2 id={listId}>Prodotti · pagina {catalog.page}</h2>
        <p aria-live="polite" className="ac-row">
          {catalog.total !== null && <span>{matchesText(catalog.total)}</span>}
          {catalog.selectedCount > 0 && <strong>· {selectedText(catalog.selectedCount)}</strong>}
        </p>
        <div className="ac-row">
          {catalog.total !== null && catalog.total > 0 && !catalog.allMatching && (
            <button type="button" className="ac-btn" onClick={catalog.selectAllMatching}>
              {selectAllMatchingText(catalog.total)}
            </button>
          )}
          {catalog.selectedCount > 0 && (
            <button type="button" className="ac-btn" onClick={catalog.clearSelection}>
              Deseleziona tutto
            </button>
          )}
        </div>
        {catalog.state === 'error' && (
          <p role="alert">
            {CATALOG_LOAD_FAILED}{' '}
            <button type="button" className="ac-btn" onClick={() => void catalog.load()}>
              Riprova
            </button>
          </p>
        )}
        {catalog.state === 'loading' && catalog.products.length === 0 && <p>Caricamento prodotti…</p>}
        {catalog.state === 'ready' && catalog.products.length === 0 && <p>{CATALOG_EMPTY}</p>}
        {catalog.products.length > 0 && (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable)
          // biome-ignore lint/a11y/useSemanticElements: a labelled scroll container around the table, not a document section
          <div className="ac-catalog-table-wrap" role="region" aria-label="Tabella prodotti" tabIndex={0}>
            <table className="ac-catalog-table">
              <caption className="ac-visually-hidden">Prodotti del catalogo</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input type="checkbox" aria-label="Seleziona la pagina" checked={catalog.pageAllSelected} onChange={catalog.togglePage} />
                  </th>
                  <th scope="col">Nome</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Settore</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Talento</th>
                  <th scope="col">Prezzo min.</th>
                  <th scope="col">Prezzo max.</th>
                  <th scope="col">Dati mancanti</th>
                </tr>
              </thead>
              <tbody>
                {catalog.products.map((p) => {
                  const name = text(p.fields.name);
                  const missing = missingDataOf(p.fields);
                  return (
                    <tr key={p.id}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Seleziona ${name}`}
                          checked={catalog.allMatching || catalog.selected.has(p.id)}
                          onChange={() => catalog.toggle(p)}
                        />
                      </td>
                      <th scope="row">{name}</th>
                      <td className="ac-catalog-break">{text(p.fields.slug)}</td>
                      <td>{text(p.fields.category)}</td>
                      <td>{text(p.fields.type)}</td>
                      <td>{p.fields.talent_required === null ? 'None' : text(p.fields.talent_required)}</td>
                      <td className="ac-catalog-num">{price(p.fields.price_min)}</td>
                      <td className="ac-catalog-num">{price(p.fields.price_max)}</td>
                      <td>{missing.length === 0 ? '—' : missing.map((m) => MISSING_DATA_FILTERS[m].label).join(', ')}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <nav className="ac-row ac-catalog-pager" aria-label="Pagine prodotti">
          <button type="button" className="ac-btn" disabled={!catalog.hasPrevious || catalog.state === 'loading'} onClick={() => void catalog.previous()}>
            Pagina precedente
          </button>
          <span>Pagina {catalog.page}</span>
          <button type="button" className="ac-btn" disabled={!catalog.hasMore || catalog.state === 'loading'} onClick={() => void catalog.next()}>
            Pagina successiva
          </button>
        </nav>
      </section>

      {catalog.selectedCount > 0 && <BulkEditPanel bulk={bulk} catalog={catalog} talents={talents.map((t) => t.name)} />}
      <ImportPanel imports={imports} catalog={catalog} />
    </div>
  );
});
