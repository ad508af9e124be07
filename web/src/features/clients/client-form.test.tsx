import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/mutator';
import { renderWithProviders } from '@/test/render';
import { ClientForm } from './client-form';
import { emptyClientForm } from './client-schema';

function setup(onSubmit = vi.fn().mockResolvedValue(undefined), error?: unknown) {
  const view = renderWithProviders(
    <ClientForm
      defaultValues={emptyClientForm}
      submitLabel="Create client"
      cancelTo="/business/clients"
      onSubmit={onSubmit}
      error={error}
    />,
  );
  return { ...view, onSubmit };
}

describe('ClientForm', () => {
  it("shows '{label} is required' for the required fields", async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows '{label} must be greater than or equal to {min}' for a negative income", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Annual income'), '-1');
    await user.tab();
    expect(
      await screen.findByText('Annual income must be greater than or equal to 0'),
    ).toBeInTheDocument();
  });

  it('refuses an income that is not dollars and cents, rather than dropping it', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.type(screen.getByLabelText(/Last name/), 'Lee');
    // A float takes 85000.505 and 1e5; neither is an amount of money in cents.
    for (const typed of ['85000.505', '1e5']) {
      await user.clear(screen.getByLabelText('Annual income'));
      await user.type(screen.getByLabelText('Annual income'), typed);
      await user.click(screen.getByRole('button', { name: 'Create client' }));
      expect(
        await screen.findByText('Annual income must be an amount in dollars'),
      ).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks email and phone', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), '555');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone must have 10 digits')).toBeInTheDocument();
  });

  it('sends the API body: trimmed text, phone digits, income in cents', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/First name/), '  Ann ');
    await user.type(screen.getByLabelText(/Last name/), 'Lee');
    await user.type(screen.getByLabelText('Phone'), '(555) 123-4567');
    await user.type(screen.getByLabelText('Annual income'), '85,000.50');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      phone: '5551234567',
      country: 'USA',
      annual_income: 8500050,
      email: undefined,
      date_of_birth: undefined,
      gender: undefined,
      marital_status: undefined,
      address_line1: undefined,
      address_line2: undefined,
      city: undefined,
      state: undefined,
      postal_code: undefined,
      notes: undefined,
    });
  });

  it("puts the server's field errors under the fields and hides a 'Validation error' panel", async () => {
    const failure = new ApiError(422, 'Validation error', [
      { field: 'email', message: 'Email is already used by another client' },
    ]);
    const onSubmit = vi.fn().mockRejectedValue(failure);
    const { user } = setup(onSubmit, failure);
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.type(screen.getByLabelText(/Last name/), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Email is already used by another client')).toBeInTheDocument();
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
  });

  it('shows other failures in the error panel', () => {
    setup(vi.fn(), new ApiError(409, 'This client changed meanwhile'));
    expect(screen.getByRole('alert')).toHaveTextContent('This client changed meanwhile');
  });

  it('shows the success message and locks the form', () => {
    renderWithProviders(
      <ClientForm
        defaultValues={emptyClientForm}
        submitLabel="Create client"
        cancelTo="/business/clients"
        onSubmit={vi.fn()}
        successMessage="Client created successfully"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Client created successfully');
    expect(screen.getByRole('button', { name: 'Create client' })).toBeDisabled();
  });
});
