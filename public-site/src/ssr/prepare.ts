/**
 * The render contract's `preparePage` (also the browser's `publicSite/prepare`): the page a URL shows, found in the
 * route table (@sbc/shared REMOTE_ROUTES, which the shell's router and render server read too), loads what its first
 * render shows, as the page declares it beside itself (../lib/page-data.ts). Run by the render server before it
 * renders the page, and by the browser (against the server's recorded answers) before it hydrates it. The remote owns
 * the declarations because it owns the pages' data needs: a public-site deploy that changes them changes the server
 * render too, without a shell deploy.
 */
import { matchPath } from 'react-router-dom';
import { PUBLIC_SITE_REMOTE, REMOTE_ROUTES, type PublicSitePage, type RootStore } from '@sbc/shared';
import { homePageData } from '../features/home/page-data';
import { materialPageData, materialsPageData } from '../features/materials/page-data';
import { plannerPageData } from '../features/planner/page-data';
import { productPageData, productsPageData, profitabilityPageData } from '../features/products/page-data';
import { FOUND, type PageData, type PageDataResult } from '../lib/page-data';

export type PrepareResult = PageDataResult;

/** Each page's data declaration; a page without one (the FAQ, the API docs) reads nothing before rendering. */
export const PAGE_DATA: Partial<Record<PublicSitePage, PageData>> = {
  HomePage: homePageData,
  ProductsPage: productsPageData,
  ProductDetailPage: productPageData,
  MaterialsPage: materialsPageData,
  MaterialDetailPage: materialPageData,
  PlannerPage: plannerPageData,
  ProfitabilityPage: profitabilityPageData,
};

/**
 * The public-site page `pathname` shows and its route parameters, from the route table (null: none). The parameters
 * are decoded, as the browser's router gives them to the page (`useParams`): matchPath leaves them as the address
 * spells them, and a material named with a space ('/materials/Iron%20ore') was looked up as 'Iron%20ore', not found
 * by id, then searched for in the whole ledger (M reads) and rendered as not found.
 */
export function pageOfPath(pathname: string): { page: PublicSitePage; params: Record<string, string | undefined> } | null {
  for (const route of REMOTE_ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (!match) continue;
    const [remote, page] = route.module.split('/');
    if (remote !== PUBLIC_SITE_REMOTE) return null;
    const params = Object.fromEntries(Object.entries(match.params).map(([key, value]) => [key, value === undefined ? value : decoded(value)]));
    return { page: page as PublicSitePage, params };
  }
  return null;
}

/** A parameter as the router decodes it; one that is not valid percent-encoding stays as written. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function preparePage(root: RootStore, url: string, options: { force?: boolean } = {}): Promise<PrepareResult> {
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  const route = pageOfPath(pathname);
  const data = route ? PAGE_DATA[route.page] : undefined;
  if (!route || !data) return FOUND;
  const stats = data.stats ? root.game.loadStats() : Promise.resolve();
  try {
    return data.load ? await data.load(root, { params: route.params, searchParams }, { force: options.force ?? false }) : FOUND;
  } finally {
    await stats;
  }
}

export default preparePage;
