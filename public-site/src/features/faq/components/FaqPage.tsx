import { Link } from 'react-router-dom';
import { paths, usePageMeta } from '@sbc/shared';
import { FAQ_ITEMS } from '@sbc/domain';
import { pageSeo } from '../../../lib/page-seo';
import { FaqList } from './FaqList';
import '../../../components/ps-base.css';
import './faq.css';

/** /faq (English). Content comes from the domain (FAQ_ITEMS). */
export function FaqPage() {
  usePageMeta(
    pageSeo({
      title: 'FAQ',
      description: 'How the SBC Tycoon market works: the market algorithm, specialization, automatic updates, news events and the materials market.',
    }),
  );
  return (
    <div className="ps-page ps-faq">
      <header className="ps-faq__hero">
        <p className="ps-eyebrow">Help centre</p>
        <h1>Frequently Asked Questions</h1>
        <p className="ps-hint">How prices move, why specialization matters and how to read the market before you trade.</p>
      </header>
      <FaqList items={FAQ_ITEMS} />
      <section className="ps-faq__cta ps-card" aria-labelledby="ps-faq-cta">
        <h2 id="ps-faq-cta">Ready to read the market?</h2>
        <div className="ps-faq__cta-links">
          <Link className="ps-btn ps-btn--primary" to={paths.products}>Look at the sectors</Link>
          <Link className="ps-btn" to={paths.materials}>Check the materials</Link>
        </div>
      </section>
    </div>
  );
}
