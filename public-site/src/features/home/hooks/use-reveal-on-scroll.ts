import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ONBOARDING_ROOT_MARGIN, ONBOARDING_VISIBILITY_THRESHOLD } from '@sbc/domain';

const noSubscription = () => () => undefined;

/** True when the visitor asked for reduced motion (or the browser cannot tell: then no animation is assumed wanted). */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Which of `count` elements have been revealed. An element is revealed once, when 30% of it is in view;
 * the domain's root margin is '0px 0px -10% 0px': the negative bottom margin shrinks the viewport by 10%,
 * so a card fades in where the visitor actually looks, not while still under the bottom edge.
 * Without IntersectionObserver, or with prefers-reduced-motion, everything is visible at once.
 */
export function useRevealOnScroll(count: number) {
  const elements = useRef<Array<HTMLElement | null>>([]);
  // A server-rendered page (and its hydration, which must render what the server did) shows every element:
  // the server has no viewport to observe, and hiding already painted cards would be a flash.
  const serverRendered = useSyncExternalStore(noSubscription, () => false, () => true);
  const immediate = serverRendered || typeof IntersectionObserver === 'undefined' || prefersReducedMotion();
  const [visible, setVisible] = useState<boolean[]>(() => Array.from({ length: count }, () => immediate));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different number of cards must be observed again
  useEffect(() => {
    if (immediate) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const index = elements.current.indexOf(entry.target as HTMLElement);
          if (index < 0) continue;
          observer.unobserve(entry.target);
          setVisible((previous) => previous.map((v, i) => v || i === index));
        }
      },
      { threshold: ONBOARDING_VISIBILITY_THRESHOLD, rootMargin: ONBOARDING_ROOT_MARGIN },
    );
    for (const el of elements.current) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, [immediate, count]);

  const register = (index: number) => (el: HTMLElement | null) => {
    elements.current[index] = el;
  };
  return { visible, register };
}
