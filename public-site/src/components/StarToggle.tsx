import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginReturningTo, registerReturningTo, useRootStore, type WatchTarget, useServerSnapshot } from '@sbc/shared';
import { materialFigures, productFigures, watchItemId, type Material, type Product } from '@sbc/domain';
import './star-toggle.css';

export const GUEST_STAR_TEXT = 'Sign in to keep a watchlist of products and materials.';

/**
 * The watchlist star of one product or material (rows, cards, detail pages). Signed-in players toggle it
 * (aria-pressed); a guest who presses it is offered sign-in or registration, both coming back to this page
 * (returnUrl). The name is part of the label, so a list of stars reads "Watch Copper", "Watch Iron"…
 *
 * The star shows what is stored: it changes once the write is saved (WatchlistStore.toggle). A write that fails
 * (offline, refused) leaves it as it was and is said beside it, in an alert the button is described by, with the
 * watchlist's own words (WATCHLIST_SAVE_FAILED), until the player's next watchlist action. `saysFailure` false: the
 * page says it itself (the watchlist page, above its list), so it is not said twice.
 */
export const StarToggle = observer(function StarToggle({
  target,
  size = 'small',
  saysFailure = true,
}: {
  target: WatchTarget;
  size?: 'small' | 'large';
  saysFailure?: boolean;
}) {
  const { auth, watchlist } = useRootStore();
  const location = useLocation();
  const [offerOpen, setOfferOpen] = useState(false);
  const offerId = useId();
  const failureId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!offerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOfferOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [offerOpen]);

  // While hydrating a server-rendered (signed-out) page, the star renders as the server rendered it.
  const hydrating = useServerSnapshot();
  const signedIn = auth.user !== null && !hydrating;
  const watched = signedIn && watchlist.isWatched(target.kind, target.ref);
  const className = `ps-star ps-star--${size}${watched ? ' ps-star--on' : ''}`;

  if (!signedIn) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return (
      <span className="ps-star-wrap">
        <button
          ref={buttonRef}
          type="button"
          className={className}
          aria-expanded={offerOpen}
          aria-controls={offerOpen ? offerId : undefined}
          onClick={(event) => {
            event.stopPropagation();
            setOfferOpen((open) => !open);
          }}
        >
          <span aria-hidden="true">☆</span>
          <StarLabel name={target.name} size={size} />
        </button>
        {offerOpen && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: only stops a click inside the offer from reaching the row's link; the offer's own links and buttons are the controls
          // biome-ignore lint/a11y/useSemanticElements: an inline group inside a table cell, where a fieldset would not fit
          <span id={offerId} className="ps-star-offer" role="group" aria-label="Sign in to watch" onClick={(e) => e.stopPropagation()}>
            <span>{GUEST_STAR_TEXT}</span>
            <span className="ps-star-offer__actions">
              <Link className="ps-btn ps-btn--primary" to={loginReturningTo(here)}>Sign in</Link>
              <Link className="ps-btn" to={registerReturningTo(here)}>Create account</Link>
            </span>
          </span>
        )}
      </span>
    );
  }

  const id = watchItemId(target.kind, target.ref);
  const pending = watchlist.pending.has(id);
  const failure = saysFailure && watchlist.errorItem === id ? watchlist.error : null;
  return (
    <span className="ps-star-wrap">
      <button
        type="button"
        className={className}
        aria-pressed={watched}
        aria-busy={pending || undefined}
        aria-describedby={failure ? failureId : undefined}
        disabled={!watched && watchlist.isFull}
        title={!watched && watchlist.isFull ? 'Your watchlist is full' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          void watchlist.toggle(target);
        }}
      >
        <span aria-hidden="true">{watched ? '★' : '☆'}</span>
        <StarLabel name={target.name} size={size} />
      </button>
      {failure && (
        <span id={failureId} className="ps-star-failure" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
});

/**
 * The name is always "Watch {name}", pressed or not (aria-pressed carries the state; a label that flips
 * would announce the opposite of the pressed state). The large star shows "Watch" and hides the name.
 */
function StarLabel({ name, size }: { name: string; size: 'small' | 'large' }) {
  if (size === 'large') {
    return (
      <span>
        Watch<span className="ps-visually-hidden"> {name}</span>
      </span>
    );
  }
  return <span className="ps-visually-hidden">Watch {name}</span>;
}

/** The star's target for a product: its document id is the reference (one read finds it again). */
export function productTarget(product: Product): WatchTarget {
  return { kind: 'product', ref: product.id, slug: product.slug, name: product.name, figures: productFigures(product) };
}

/** Materials are found by name (their document id), which is also their route parameter. */
export function materialTarget(material: Material): WatchTarget {
  return { kind: 'material', ref: material.name, slug: material.name, name: material.name, figures: materialFigures(material) };
}
