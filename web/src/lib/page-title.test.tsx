import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './page-title';

function Page({ parts }: { parts: (string | undefined)[] }) {
  usePageTitle(...parts);
  return null;
}

describe('page titles', () => {
  it('puts the page first and the portal last, skipping empty parts', () => {
    expect(pageTitle('Clients')).toBe('Clients · Associate Portal');
    expect(pageTitle('Robin Lee', undefined, '', 'Clients')).toBe(
      'Robin Lee · Clients · Associate Portal',
    );
    expect(pageTitle()).toBe('Associate Portal');
  });

  it('sets document.title, and follows the page when it changes', () => {
    const { rerender } = render(<Page parts={['Client']} />);
    expect(document.title).toBe('Client · Associate Portal');
    rerender(<Page parts={['Robin Lee', 'Clients']} />);
    expect(document.title).toBe('Robin Lee · Clients · Associate Portal');
  });
});
