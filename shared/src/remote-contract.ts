/**
 * What each remote exposes, imported by the shell (host) and by the remotes alike, so that neither side can
 * drift: each remote's module-federation.config.ts derives its `exposes` from these lists, and the shell
 * loads them with `loadRemote<PageModule>(\`${remote}/${page}\`)`.
 */
import type { ComponentType } from 'react';

/** Every exposed module has a default export: a page component that takes no props. */
export interface PageModule {
  default: ComponentType;
}

export const PUBLIC_SITE_REMOTE = 'publicSite' as const;
export const ADMIN_CONSOLE_REMOTE = 'adminConsole' as const;
export type RemoteName = typeof PUBLIC_SITE_REMOTE | typeof ADMIN_CONSOLE_REMOTE;

export const PUBLIC_SITE_PAGES = [
  'HomePage',
  'ProductsPage',
  'ProductDetailPage',
  'MaterialsPage',
  'MaterialDetailPage',
  'FaqPage',
  'WatchlistPage',
  'ProfitabilityPage',
  'ApiDocsPage',
  'TradeBookPage',
  'PlannerPage',
] as const;
export type PublicSitePage = (typeof PUBLIC_SITE_PAGES)[number];

export const ADMIN_CONSOLE_PAGES = ['AdminDashboardPage', 'AddProductPage', 'JsonEditorPage', 'AddMaterialPage', 'ManageUsersPage', 'SalutePage', 'CatalogPage', 'EditMaterialPage'] as const;
export type AdminConsolePage = (typeof ADMIN_CONSOLE_PAGES)[number];

export type RemoteModuleId = `${typeof PUBLIC_SITE_REMOTE}/${PublicSitePage}` | `${typeof ADMIN_CONSOLE_REMOTE}/${AdminConsolePage}`;
