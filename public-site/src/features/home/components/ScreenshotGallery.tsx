import { SCREENSHOTS } from '../home-content';

/** The 8 screenshots: 4 columns wide, 3 medium, 2 small (CSS grid). Lazy images keep the first paint light. */
export function ScreenshotGallery() {
  return (
    <section className="ps-home__section" aria-labelledby="ps-gallery-title">
      <h2 id="ps-gallery-title">Inside the game</h2>
      <ul className="ps-gallery">
        {SCREENSHOTS.map((shot) => (
          <li key={shot.title}>
            <figure className="ps-gallery__item">
              <img src={shot.src} alt={shot.alt} width={240} height={320} loading="lazy" decoding="async" />
              <figcaption>
                <strong>{shot.title}</strong>
                <span>{shot.description}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
