/**
 * What each public page needs loaded before it can render its main content: run by the render server before
 * it renders the page, and by the browser (against the server's recorded answers) before it hydrates it, so
 * both render from the same store state. The remote owns this list because it owns the pages' data needs:
 * a public-site deploy that changes them changes the server render too, without a shell deploy.
 *
 * `force` (the browser) skips the session cache, which may hold older data than the server rendered; the
 * replayed answers then refresh that cache.
 */
import { matchPath } from 'react-router-dom';
import { paths, routePatterns, setPreloaded, type RootStore } from '@sbc/shared';
import { SECTOR_PARAM } from '../features/products/hooks/use-sector-selection';

export interface PrepareResult {
  /** 404 for a product or material that does not exist; 200 otherwise. */
  status: number;
}

export async function preparePage(root: RootStore, url: string, options: { force?: boolean } = {}): Promise<PrepareResult> {
  const force = options.force ?? false;
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  const product = matchPath(routePatterns.product, pathname);
  const material = matchPath(routePatterns.material, pathname);

  // The freshness line of every data page (and the home page's figures) read the game stats: loaded before the
  // render so the line is in the HTML, not inserted after hydration (which pushed the page down and made the
  // line itself the largest paint, seconds late on a phone). One read, shared by every page of a render cache.
  const dataPage =
    pathname === paths.home || pathname === paths.products || pathname === paths.materials || pathname === paths.planner || product !== null || material !== null;
  const stats = dataPage ? root.game.loadStats() : Promise.resolve();
  try {
    return await prepareContent(root, pathname, searchParams, force, product, material);
  } finally {
    await stats;
  }
}

async function prepareContent(
  root: RootStore,
  pathname: string,
  searchParams: URLSearchParams,
  force: boolean,
  product: ReturnType<typeof matchPath>,
  material: ReturnType<typeof matchPath>,
): Promise<PrepareResult> {
  // The home page reads only the game stats (loaded by preparePage).
  if (pathname === paths.products) {
    await root.market.loadMarketStats({ force });
    const sector = searchParams.get(SECTOR_PARAM) ?? root.market.categoryGroups[0]?.category ?? null;
    if (sector !== null) {
      await root.market.loadCategory(sector, { force });
      // Without ?sector= the page shows the first sector, as the browser's auto-selection does.
      if (searchParams.has(SECTOR_PARAM)) root.market.selectCategory(sector);
      else root.market.autoSelectFirstCategory();
    }
  } else if (product) {
    const slug = product.params.slug ?? '';
    const detail = await root.loadProductDetail(slug, { fresh: force });
    setPreloaded(root, `product:${slug}`, { state: detail.state, item: detail.product });
    if (detail.state === 'notFound') return { status: 404 };
    // The Production economics panel's recipe materials: read here, they are part of the render's recorded
    // reads, so the browser's panel finds them in its store instead of reading them once per visitor.
    const recipe = Object.keys(detail.product?.requested_materials ?? {});
    await Promise.all(recipe.map((name) => root.loadMaterialDetail(name, { fresh: force })));
  } else if (material) {
    const slug = material.params.slug ?? '';
    const detail = await root.loadMaterialDetail(slug, { fresh: force });
    setPreloaded(root, `material:${slug}`, { state: detail.state, item: detail.material });
    if (detail.state === 'notFound') return { status: 404 };
    // "Used in": the products needing it (one bounded query) and the ledger for their margins, part of the
    // recorded reads. A shell released before issue 37 has no loadProductsUsing: the browser loads the list then.
    const name = detail.material?.name;
    if (name !== undefined && root.market.loadProductsUsing) {
      await Promise.all([root.market.loadProductsUsing(name, { force }), root.market.loadMaterials({ force })]);
    }
  } else if (pathname === paths.materials) {
    await root.market.loadMaterials({ force });
  } else if (pathname === paths.planner) {
    // The planner's choices and figures: the product list N and the ledger M, shared by every render of the period.
    await Promise.all([root.market.loadProducts({ force }), root.market.loadMaterials({ force })]);
  }
  return { status: 200 };
}

export default preparePage;
