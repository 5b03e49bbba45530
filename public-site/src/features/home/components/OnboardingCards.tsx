import { ONBOARDING_STAGGER_MS } from '@sbc/domain';
import { useRevealOnScroll } from '../hooks/use-reveal-on-scroll';
import { ONBOARDING_CARDS } from '../home-content';

/** Four cards that fade in when scrolled into view, each delayed 120 ms × its index. */
export function OnboardingCards() {
  const { visible, register } = useRevealOnScroll(ONBOARDING_CARDS.length);
  return (
    <section className="ps-home__section" aria-labelledby="ps-onboarding-title">
      <h2 id="ps-onboarding-title">How to get started</h2>
      <ol className="ps-onboarding">
        {ONBOARDING_CARDS.map((card, index) => (
          <li
            key={card.title}
            ref={register(index)}
            className={`ps-onboarding__card ps-card${visible[index] ? ' ps-onboarding__card--visible' : ''}`}
            style={{ transitionDelay: `${index * ONBOARDING_STAGGER_MS}ms` }}
            data-visible={visible[index]}
          >
            <span className="ps-onboarding__step" aria-hidden="true">{index + 1}</span>
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
