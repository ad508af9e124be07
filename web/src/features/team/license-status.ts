import type { License } from '@/api/gen/model/license';

export type LicenseState = 'expired' | 'expiring' | 'active';

/** Expired, expiring within 90 days (the server's `expiring_soon`), or in force. */
export function licenseState(license: Pick<License, 'expired' | 'expiring_soon'>): LicenseState {
  if (license.expired) return 'expired';
  if (license.expiring_soon) return 'expiring';
  return 'active';
}

export const LICENSE_STATE_LABELS: Record<LicenseState, string> = {
  expired: 'Expired',
  expiring: 'Expires within 90 days',
  active: 'In force',
};

/** 'One license expires within 90 days; 2 have expired.' — or '' when all are in force. */
export function licenseNotice(licenses: readonly Pick<License, 'expired' | 'expiring_soon'>[]) {
  const expiring = licenses.filter((l) => licenseState(l) === 'expiring').length;
  const expired = licenses.filter((l) => licenseState(l) === 'expired').length;
  const parts: string[] = [];
  if (expiring > 0)
    parts.push(
      expiring === 1
        ? 'One license expires within 90 days'
        : `${expiring} licenses expire within 90 days`,
    );
  if (expired > 0)
    parts.push(
      parts.length === 0
        ? expired === 1
          ? 'One license has expired'
          : `${expired} licenses have expired`
        : expired === 1
          ? 'one has expired'
          : `${expired} have expired`,
    );
  return parts.length ? `${parts.join('; ')}.` : '';
}
