import { Link } from 'react-router-dom';
import { paths } from '@sbc/shared';
import { formatCount } from '@sbc/domain';

/** Material name → quantity, each linking to the material's page. */
export function RequiredMaterials({ materials }: { materials: Record<string, number> }) {
  const entries = Object.entries(materials);
  return (
    <section className="ps-card" aria-labelledby="ps-required-materials">
      <h2 id="ps-required-materials">Required Materials</h2>
      {entries.length === 0 ? (
        <p className="ps-hint">No material breakdown available.</p>
      ) : (
        <ul className="ps-materials-needed">
          {entries.map(([name, quantity]) => (
            <li key={name}>
              <Link to={paths.material(name)}>{name}</Link>
              {/* Seen as '× 3', heard as 'quantity 3' (hidden text: aria-label on a plain span is not reliably announced). */}
              <span className="ps-num">
                <span className="ps-visually-hidden">quantity {formatCount(quantity)}</span>
                <span aria-hidden="true">× {formatCount(quantity)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
