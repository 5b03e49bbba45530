import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import { paths, usePageMeta } from '@sbc/shared';
import { productJsonLd, productStructuredData, shareableImageUrl, type Product } from '@sbc/domain';
import { LoadErrorCard } from '../../../components/LoadErrorCard';
import { StateMessage } from '../../../components/StateMessage';
import { FreshnessLine } from '../../../components/FreshnessLine';
import { HydrateApart } from '../../../components/HydrateApart';
import { pageSeo } from '../../../lib/page-seo';
import { useProductDetail } from '../hooks/use-product-detail';
import { ProductFigures } from './ProductFigures';
import { ProductProfile } from './ProductProfile';
import { ProductTrendCharts } from './ProductTrendCharts';
import { RecordedHistory } from '../../../components/charts/RecordedHistory';
import { RequiredMaterials } from './RequiredMaterials';
import { ProductionEconomicsPanel } from './ProductionEconomicsPanel';
import '../../../components/ps-base.css';
import './product-detail.css';

/**
 * The error state (SPEC section 4 lists only loading, ready and notFound; decision): a product that could not
 * be read during an outage may well exist, so it is not called "not found" and the visitor can retry.
 */
export const PRODUCT_LOAD_ERROR_TITLE = 'Asset unavailable';
export const PRODUCT_LOAD_ERROR_TEXT = 'The market data for this asset could not be loaded. Check your connection, then try again.';

function seoOf(state: string, product: Product | null) {
  if (product) {
    const description = `${product.name} (${product.category}) on the SBC Tycoon market: average price, spread, demand and production figures.`;
    return pageSeo({
      title: product.name,
      description,
      type: 'product',
      // A product image a preview cannot fetch (data: URL, relative path) leaves the site's share card.
      image: shareableImageUrl(product.image_url),
      structuredData: productJsonLd(
        productStructuredData({
          name: product.name,
          description,
          image: product.image_url,
          price: product.average_market_price,
          category: product.category,
        }),
      ),
    });
  }
  return pageSeo({
    title: state === 'notFound' ? 'Asset not found' : state === 'error' ? PRODUCT_LOAD_ERROR_TITLE : 'Market asset',
    description: 'Market intelligence for one SBC Tycoon product.',
    // Neither a missing record nor an outage's error page is worth indexing.
    robots: state === 'notFound' || state === 'error' ? 'noindex, follow' : undefined,
  });
}

/** /products/:slug */
export const ProductDetailPage = observer(function ProductDetailPage() {
  const { slug } = useParams();
  const { state, product, retry } = useProductDetail(slug);
  usePageMeta(seoOf(state, product));
  // Stable props for HydrateApart (a new object would hydrate the chart at once with the page).
  const ownSlug = product?.slug;
  const ownName = product?.name;
  const recordedItem = useMemo(
    () => (ownSlug !== undefined && ownName !== undefined ? { item: { kind: 'product' as const, id: ownSlug, name: ownName } } : null),
    [ownSlug, ownName],
  );

  return (
    <div className="ps-page ps-product-detail">
      <div>
        {/* Links, not buttons: they work from the first paint, before any script (plain HTML navigation). */}
        <Link className="ps-btn" to={paths.products}>
          <span aria-hidden="true">←</span> Back to sectors
        </Link>
      </div>
      {state === 'loading' && <StateMessage kind="loading">Loading asset intelligence…</StateMessage>}
      {state === 'notFound' && (
        <section className="ps-card ps-not-found">
          <h1>Asset not found</h1>
          <Link className="ps-btn ps-btn--primary" to={paths.products}>
            Return to sectors
          </Link>
        </section>
      )}
      {state === 'error' && (
        <LoadErrorCard title={PRODUCT_LOAD_ERROR_TITLE} onRetry={retry}>
          {PRODUCT_LOAD_ERROR_TEXT}
        </LoadErrorCard>
      )}
      {state === 'ready' && product && (
        <>
          <ProductProfile product={product} />
          <FreshnessLine />
          <ProductFigures product={product} />
          <HydrateApart component={ProductTrendCharts} props={{ product }} />
          {recordedItem && <HydrateApart component={RecordedHistory} props={recordedItem} />}
          <HydrateApart component={RequiredMaterials} props={{ materials: product.requested_materials }} />
          <HydrateApart component={ProductionEconomicsPanel} props={{ product }} />
        </>
      )}
    </div>
  );
});
