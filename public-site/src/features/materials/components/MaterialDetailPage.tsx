import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import { paths, usePageMeta, useRootStore } from '@sbc/shared';
import { deriveMaterial, formatInventoryValue, formatQuantity, formatQuantityDelta, formatUnitPrice, formatValueDelta, type Material } from '@sbc/domain';
import { Delta } from '../../../components/Delta';
import { HydrateApart } from '../../../components/HydrateApart';
import { RecordedHistory } from '../../../components/charts/RecordedHistory';
import { LoadErrorCard } from '../../../components/LoadErrorCard';
import { StateMessage } from '../../../components/StateMessage';
import { formatCount } from '@sbc/domain';
import { materialTarget, StarToggle } from '../../../components/StarToggle';
import { pageSeo } from '../../../lib/page-seo';
import { useMaterialDetail } from '../hooks/use-material-detail';
import { MaterialAvatar } from './MaterialAvatar';
import { UsedInTable } from './UsedInTable';
import '../../../components/ps-base.css';
import { FreshnessLine } from '../../../components/FreshnessLine';
import './materials.css';

export const MATERIAL_NOT_FOUND_TEXT =
  'The requested material record could not be located. Pick another material from the dashboard.';
/** The error state (decision, as for products): an outage is not a missing record, and the visitor can retry. */
export const MATERIAL_LOAD_ERROR_TITLE = 'Material unavailable';
export const MATERIAL_LOAD_ERROR_TEXT = 'This material record could not be loaded. Check your connection, then try again.';

/**
 * The recorded price history (as a product page's), compared with other materials; the names the page has read (the
 * materials loaded for "Used in") are offered while typing. Props kept stable for HydrateApart.
 */
const MaterialHistory = observer(function MaterialHistory({ name }: { name: string }) {
  const { market } = useRootStore();
  // The whole ledger when loaded, else the materials read for "Used in" (issue 36): its first view's, or the whole list's.
  const read = market.materials.length > 0 ? market.materials : market.usedInList(name).materials;
  const names = read.map((m) => m.name).join('\n');
  const props = useMemo(() => ({ item: { kind: 'material' as const, id: name, name }, known: names === '' ? [] : names.split('\n') }), [name, names]);
  return <HydrateApart component={RecordedHistory} props={props} />;
});

const MaterialReady = observer(function MaterialReady({ material }: { material: Material }) {
  const d = deriveMaterial(material);
  return (
    <>
      <header className="ps-material-detail__head">
        <div className="ps-ledger__name">
          <MaterialAvatar name={material.name} imageUrl={material.image_url} size={64} />
          <div>
            <p className="ps-eyebrow">Material #{material.id} · unit {material.unit}</p>
            <h1>{material.name}</h1>
            <FreshnessLine />
          </div>
        </div>
        <span className="ps-detail-star">
          <StarToggle target={materialTarget(material)} size="large" />
        </span>
        <p className="ps-material-detail__price">
          {/* The space keeps "Unit price 15.20 SBC" readable when copied or read without styles. */}
          <span className="ps-hint">Unit price</span>{' '}
          <strong className="ps-num">{formatUnitPrice(material.value)}</strong>
        </p>
      </header>
      <section className="ps-card" aria-labelledby="ps-snapshot">
        <h2 id="ps-snapshot">Inventory snapshot</h2>
        <dl className="ps-facts">
          <div><dt>Units on market</dt><dd className="ps-num">{formatCount(material.amount)}</dd></div>
          <div><dt>Inventory value</dt><dd className="ps-num">{formatInventoryValue(d.totalValue)}</dd></div>
          <div><dt>Warehouse slots per unit</dt><dd className="ps-num">{formatQuantity(material.spaceRequired)}</dd></div>
        </dl>
      </section>
      <section className="ps-card" aria-labelledby="ps-movement">
        <h2 id="ps-movement">Recent movement</h2>
        <dl className="ps-facts">
          <div><dt>Quantity since previous</dt><dd><Delta value={formatQuantityDelta(d.previousQuantityChange)} /></dd></div>
          <div><dt>Unit price since previous</dt><dd><Delta value={formatValueDelta(d.previousValueChange)} /></dd></div>
          <div><dt>Quantity since start</dt><dd><Delta value={formatQuantityDelta(d.sinceStartQuantityChange)} /></dd></div>
          <div><dt>Inventory value since start</dt><dd><Delta value={formatValueDelta(d.sinceStartValueChange)} /></dd></div>
        </dl>
      </section>
      <MaterialHistory name={material.name} />
      <UsedInTable material={material.name} />
    </>
  );
});

/** /materials/:slug — the slug is the material name, URL-encoded (paths.material). */
export const MaterialDetailPage = observer(function MaterialDetailPage() {
  const { slug } = useParams();
  const { state, material, retry } = useMaterialDetail(slug);
  usePageMeta(
    pageSeo({
      title: material
        ? `${material.name} · Stock Ledger`
        : state === 'notFound'
          ? 'Material not found'
          : state === 'error'
            ? MATERIAL_LOAD_ERROR_TITLE
            : 'Material',
      description: material
        ? `${material.name}: unit price, units on the market and recent movement on the SBC Tycoon materials market.`
        : 'A base material of the SBC Tycoon materials market.',
      robots: state === 'notFound' || state === 'error' ? 'noindex, follow' : undefined,
    }),
  );

  return (
    <div className="ps-page ps-material-detail">
      <div>
        {/* A link, not a button: it works from the first paint, before any script. */}
        <Link className="ps-btn" to={paths.materials}>
          <span aria-hidden="true">←</span> Back to materials
        </Link>
      </div>
      {state === 'loading' && <StateMessage kind="loading">Loading material…</StateMessage>}
      {state === 'notFound' && (
        <section className="ps-card">
          <h1>Material not found</h1>
          <p>{MATERIAL_NOT_FOUND_TEXT}</p>
        </section>
      )}
      {state === 'error' && (
        <LoadErrorCard title={MATERIAL_LOAD_ERROR_TITLE} onRetry={retry}>
          {MATERIAL_LOAD_ERROR_TEXT}
        </LoadErrorCard>
      )}
      {state === 'ready' && material && <MaterialReady material={material} />}
    </div>
  );
});
