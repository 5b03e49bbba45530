/** Every route path of the site (SPEC.md section 2), in one place for the shell and both remotes. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  faq: '/faq',
  products: '/products',
  product: (slug: string) => `/products/${encodeURIComponent(slug)}`,
  materials: '/materials',
  material: (name: string) => `/materials/${encodeURIComponent(name)}`,
  admin: '/admin',
  adminAddProduct: '/admin/add-product',
  adminJsonEditor: '/admin/json-editor',
} as const;

/** Route patterns as react-router matches them. */
export const routePatterns = {
  product: '/products/:slug',
  material: '/materials/:slug',
} as const;

export const APP_STORE_URL = 'https://apps.apple.com/app/sbc-tycoon/id0000000000';
