import { Link } from 'react-router';
import { config } from '@/lib/config';

/** The logo and name, a link home. Its name is its text ('Associate Portal'), so that what a
 *  speech user reads is what the link is called. */
export function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand-mark" aria-hidden>
        AP
      </span>
      <span>{config.appName} Portal</span>
    </Link>
  );
}
