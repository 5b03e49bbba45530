import { Link } from 'react-router-dom';
import { paths } from '@sbc/shared';

/** The console pages' way back: the spec's "Torna al Dashboard" (the arrow is decoration, not part of its name). */
export function BackToDashboard() {
  return (
    <div className="ac-row">
      <Link className="ac-btn" to={paths.admin}>
        <span aria-hidden="true">← </span>
        Torna al Dashboard
      </Link>
    </div>
  );
}
