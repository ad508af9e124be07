import { Link } from 'react-router';
import { config } from '@/lib/config';

export function Brand() {
  return (
    <Link to="/" className="brand" aria-label={`${config.appName} Portal home`}>
      <span className="brand-mark" aria-hidden>
        AP
      </span>
      <span>{config.appName} Portal</span>
    </Link>
  );
}
