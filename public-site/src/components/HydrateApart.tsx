import { memo, Suspense, type ComponentType } from 'react';

/**
 * Selective hydration of a long list or of a part below the first screen (issue 26: the dead window on a phone).
 * Below the first screen: a product page's charts, required materials and production economics hydrate after the
 * figures a visitor sees first. For the lists: a server-rendered page hydrates its
 * lists (a sector's products, the stock ledger) in both layouts, the table and the cards, because the server cannot
 * know the screen's width; then the page drops the layout the screen does not use (useResponsiveLayout). Each
 * layout rendered through HydrateApart is a Suspense boundary of its own, which React hydrates in a later pass,
 * after the page around it answers: the unused layout is dropped without ever being hydrated, and the used one
 * follows at once. A tap on a list before its pass is not lost: React hydrates the boundary under the tap at once
 * and then delivers it (its selective hydration of discrete events; the first-paint-input journey taps a product
 * card's star, a ledger row and a ledger sort control, replayed at the moment the page says it is hydrated).
 *
 * `memo` with a shallow comparison of `props`: a boundary that receives new props before it has hydrated is
 * hydrated at once, in the same pass, so callers pass props that keep their identity (memoized rows).
 */
function HydrateApartBoundary<P extends object>({ component: Component, props }: { component: ComponentType<P>; props: P }) {
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}

const sameProps = (a: object, b: object) => {
  const keys = Object.keys(a) as Array<keyof typeof a>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
};

export const HydrateApart = memo(
  HydrateApartBoundary,
  (previous, next) => previous.component === next.component && sameProps(previous.props, next.props),
) as typeof HydrateApartBoundary;
