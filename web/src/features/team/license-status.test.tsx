import { Table, Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { License } from '@/api/gen/model/license';
import { LicenseRow } from './associate-lists';
import { licenseNotice, licenseState } from './license-status';

const license = (id: number, over: Partial<License>): License => ({
  id,
  state: 'MI',
  number: `MI-${id}`,
  residency: 'Resident',
  lines_of_authority: ['Life', 'Health'],
  issued_on: '2018-11-27',
  expires_on: '2026-11-25',
  expiring_soon: false,
  expired: false,
  ...over,
});

describe('license highlighting', () => {
  it('tells expired, expiring within 90 days and in force apart', () => {
    expect(licenseState(license(1, { expired: true, expiring_soon: false }))).toBe('expired');
    expect(licenseState(license(2, { expiring_soon: true }))).toBe('expiring');
    expect(licenseState(license(3, {}))).toBe('active');
  });

  it('sums up what needs attention', () => {
    expect(licenseNotice([license(1, {})])).toBe('');
    expect(licenseNotice([license(1, { expiring_soon: true })])).toBe(
      'One license expires within 90 days.',
    );
    expect(
      licenseNotice([
        license(1, { expiring_soon: true }),
        license(2, { expiring_soon: true }),
        license(3, { expired: true }),
      ]),
    ).toBe('2 licenses expire within 90 days; one has expired.');
    expect(licenseNotice([license(3, { expired: true }), license(4, { expired: true })])).toBe(
      '2 licenses have expired.',
    );
  });

  it('marks the rows and shows dates as MM/DD/YYYY', () => {
    render(
      <Theme>
        <Table.Root>
          <Table.Body>
            <LicenseRow license={license(1, { expiring_soon: true })} />
            <LicenseRow license={license(2, { expired: true, expires_on: '2025-01-31' })} />
            <LicenseRow license={license(3, { expires_on: '2028-02-29' })} />
          </Table.Body>
        </Table.Root>
      </Theme>,
    );
    const rows = screen.getAllByRole('row');
    expect(rows[0]).toHaveClass('license-row-expiring');
    expect(rows[0]).toHaveTextContent('11/25/2026');
    expect(rows[0]).toHaveTextContent('Expires within 90 days');
    expect(rows[1]).toHaveClass('license-row-expired');
    expect(rows[1]).toHaveTextContent('01/31/2025');
    expect(rows[1]).toHaveTextContent('Expired');
    expect(rows[2]).toHaveClass('license-row-active');
    expect(rows[2]).toHaveTextContent('02/29/2028In force');
    expect(rows[0]).toHaveTextContent('Life, Health');
  });
});
