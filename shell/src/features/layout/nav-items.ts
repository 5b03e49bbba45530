import { paths } from '@sbc/shared';

/** Main navigation (SPEC section 2). Home uses `end` so that it is highlighted only on an exact match. */
export const NAV_ITEMS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.products, label: 'Products', end: false },
  { to: paths.materials, label: 'Materials', end: false },
  { to: paths.faq, label: 'FAQ', end: false },
] as const;
