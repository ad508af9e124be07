import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  afterEach(() => window.history.replaceState(null, ''));

  it('is the 404 error page: the dashboard, no "Try again", and a title', async () => {
    renderWithProviders(<NotFoundPage />, { path: '/no/such/page', route: '*' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('404');
    expect(screen.getByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // Opened directly: no page of the app to go back to.
    expect(screen.queryByRole('button', { name: /Go back/ })).not.toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'The page you are looking for does not exist or has moved. Go on from the dashboard.',
    );
    expect(document.title).toBe('404 Page not found · Associate Portal');
  });

  it('offers the previous page when there is one', async () => {
    // The browser router keeps the entry's index in history.state; the memory router does not.
    window.history.replaceState({ idx: 1 }, '');
    const { user, router } = renderWithProviders(<NotFoundPage />, {
      path: '/',
      route: '/no/such/page',
      extraRoutes: [{ path: '/', element: <h1>Home</h1> }],
    });
    await act(() => router.navigate('/no/such/page'));
    await user.click(await screen.findByRole('button', { name: /Go back/ }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
