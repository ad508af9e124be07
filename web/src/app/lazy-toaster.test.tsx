import { Theme } from '@radix-ui/themes';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { LazyToaster } from './lazy-toaster';

describe('LazyToaster', () => {
  it('renders nothing until the first toast, then shows it', async () => {
    const { container } = render(
      <Theme>
        <LazyToaster />
      </Theme>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(container.querySelector('.toast-viewport')).toBeNull();

    act(() => {
      toast.error('The client could not be saved');
    });
    expect(await screen.findByText('The client could not be saved')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notification/ })).toBeInTheDocument();
  });
});
