import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CommissionPreviewInput } from '@/api/gen/model/commissionPreviewInput';
import type { PolicyInput } from '@/api/gen/model/policyInput';
import type { Product } from '@/api/gen/model/product';
import { ApiError } from '@/api/mutator';
import { getToasts } from '@/lib/toast';
import { apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PolicyForm } from './policy-form';
import { emptyPolicyForm, type PolicyFormValues } from './policy-schema';

const product = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  provider_id: 2,
  provider_name: 'Acme Life',
  name: `Product ${id}`,
  category: 'Life Insurance',
  type: 'Term',
  commission_rate_bp: 11000,
  bv_factor_bp: 10000,
  countries: ['USA'],
  active: true,
  ...over,
});

// The server's preview pays the writer half the premium, and refuses a premium of $13.
function preview({ data }: FakeRequest) {
  const input = data as CommissionPreviewInput;
  if (input.target_premium_cents === 1300) {
    throw apiError(422, 'Product 5 is not sold in your state');
  }
  return {
    as_of: input.submitted_on ?? '2026-11-22',
    commissionable_cents: input.target_premium_cents,
    total_cents: input.target_premium_cents / 2,
    lines: [
      {
        associate_code: 'AGT100',
        associate_name: 'Alex Carter',
        level: 'SA',
        bonus_type: 'Writing',
        category: 'Personal',
        base_cents: input.target_premium_cents,
        rate_bp: 5000,
        amount_cents: input.target_premium_cents / 2,
        explanation: 'Writing',
        chain: ['AGT100'],
      },
    ],
  };
}

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  fakeApi({
    '/products': {
      data: [
        product(5, { name: 'Term 20' }),
        product(6, { name: 'IUL Max', provider_name: 'Beta Mutual', type: 'IUL' }),
        product(7, { name: 'Old Plan', active: false }),
      ],
    },
    '/search/clients': { data: [{ id: 7, name: 'Ann Baker', email: 'ann@example.com' }] },
    '/search/associates': { data: [{ code: 'AGT200', name: 'Bea Dunn' }] },
    'POST /policies/preview': preview,
  });
});

type Submit = (input: PolicyInput) => Promise<unknown>;

function setup({
  onSubmit = vi.fn<Submit>().mockResolvedValue(undefined),
  error,
  defaultValues = emptyPolicyForm(),
  appQueryClient = false,
}: {
  onSubmit?: Mock<Submit>;
  error?: unknown;
  defaultValues?: PolicyFormValues;
  appQueryClient?: boolean;
} = {}) {
  const view = renderWithProviders(
    <PolicyForm
      defaultValues={defaultValues}
      submitLabel="Submit policy"
      cancelTo="/business"
      onSubmit={onSubmit}
      error={error}
    />,
    { appQueryClient },
  );
  return { ...view, onSubmit };
}

const previewPanel = () => screen.getByRole('region', { name: 'Commission preview' });
const previewCalls = () => calls('/policies/preview');

type User = ReturnType<typeof setup>['user'];

async function chooseProduct(user: User, name: RegExp) {
  await user.click(screen.getByRole('combobox', { name: /Product/ }));
  await user.click(await screen.findByRole('option', { name }));
}

async function chooseLookup(user: User, label: string, keyword: string, option: RegExp) {
  await user.type(screen.getByRole('combobox', { name: label }), keyword);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills what the schema requires, with a premium of $1,234.56. */
async function fillRequired(user: User) {
  await chooseLookup(user, 'Client', 'Ann', /Ann Baker/);
  await chooseProduct(user, /Term 20/);
  await user.type(screen.getByLabelText(/Policy number/), ' LF-1/7 ');
  await user.type(screen.getByLabelText(/Face amount/), '500,000');
  await user.type(screen.getByLabelText(/Annual target premium/), '1,234.56');
}

describe('PolicyForm', () => {
  it('offers the active products with provider, type and rate', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('combobox', { name: /Product/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Acme Life — Term 20 (Term, 110%)',
      'Beta Mutual — IUL Max (IUL, 110%)',
    ]);
  });

  it(
    'previews the commission once a product and a premium are entered',
    { timeout: 20_000 },
    async () => {
      const { user } = setup();
      expect(
        within(previewPanel()).getByText(/Choose a product and enter the target premium/),
      ).toBeInTheDocument();
      await chooseProduct(user, /Term 20/);
      // A product alone is not enough.
      expect(previewCalls()).toEqual([]);
      await user.type(screen.getByLabelText(/Annual target premium/), '1,234.56');
      const lines = await within(previewPanel()).findByRole('list', {
        name: 'Commission preview',
      });
      expect(within(lines).getAllByRole('listitem').length).toBeGreaterThan(0);
      expect(
        within(previewPanel()).getByText('Total').closest('.commission-total'),
      ).toHaveTextContent('Total$617.28');
      // For the premium as typed in the end.
      expect(previewCalls().at(-1)).toMatchObject({
        method: 'POST',
        data: {
          product_id: 5,
          target_premium_cents: 123456,
          submitted_on: emptyPolicyForm().submitted_on,
        },
      });
    },
  );

  it('asks 400 ms after the last change, once, not at each keystroke', async () => {
    vi.useFakeTimers();
    renderWithProviders(
      <PolicyForm
        defaultValues={{ ...emptyPolicyForm(), product_id: '5' }}
        submitLabel="Submit policy"
        cancelTo="/business"
        onSubmit={vi.fn<Submit>()}
      />,
    );
    const premium = screen.getByLabelText(/Annual target premium/);
    fireEvent.change(premium, { target: { value: '1' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(premium, { target: { value: '1,234' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(premium, { target: { value: '1,234.56' } });
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(previewCalls()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(previewCalls().map((c) => c.data)).toEqual([
      {
        product_id: 5,
        target_premium_cents: 123456,
        submitted_on: emptyPolicyForm().submitted_on,
      },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      within(previewPanel()).getByRole('list', { name: 'Commission preview' }),
    ).toBeInTheDocument();
  });

  it('asks again when the premium changes, and for the split', { timeout: 20_000 }, async () => {
    const { user } = setup();
    await chooseProduct(user, /Term 20/);
    await user.type(screen.getByLabelText(/Annual target premium/), '1000');
    await waitFor(() =>
      expect(
        within(previewPanel()).getByText('Total').closest('.commission-total'),
      ).toHaveTextContent('Total$500.00'),
    );

    await user.clear(screen.getByLabelText(/Annual target premium/));
    await user.type(screen.getByLabelText(/Annual target premium/), '3000');
    await waitFor(() =>
      expect(
        within(previewPanel()).getByText('Total').closest('.commission-total'),
      ).toHaveTextContent('Total$1,500.00'),
    );
    expect(previewCalls().at(-1)?.data).toMatchObject({ target_premium_cents: 300000 });

    await chooseLookup(user, 'Split with', 'Bea', /Bea Dunn/);
    await user.clear(screen.getByLabelText(/Their share/));
    await user.type(screen.getByLabelText(/Their share/), '25');
    await waitFor(() =>
      expect(previewCalls().at(-1)?.data).toMatchObject({
        target_premium_cents: 300000,
        split_code: 'AGT200',
        split_share_bp: 2500,
      }),
    );
  });

  it(
    'settles once the preview shows: nothing renders again until the form changes',
    { timeout: 20_000 },
    async () => {
      let commits = 0;
      const { user } = renderWithProviders(
        <Profiler id="form" onRender={() => (commits += 1)}>
          <PolicyForm
            defaultValues={{ ...emptyPolicyForm(), product_id: '5' }}
            submitLabel="Submit policy"
            cancelTo="/business"
            onSubmit={vi.fn()}
          />
        </Profiler>,
      );
      await user.type(screen.getByLabelText(/Annual target premium/), '100');
      await within(previewPanel()).findByRole('list', { name: 'Commission preview' });
      await waitFor(() =>
        expect(previewPanel().querySelector('[aria-busy]')).toHaveAttribute('aria-busy', 'false'),
      );
      const settled = commits;
      const asked = previewCalls().length;
      // Well past the preview's 400 ms debounce, twice.
      await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      expect(commits).toBe(settled);
      expect(previewCalls()).toHaveLength(asked);
    },
  );

  it('says in the panel, not in a toast, why the preview was refused', async () => {
    // The app's query client: the one that toasts failures.
    const { user } = setup({ appQueryClient: true });
    await chooseProduct(user, /Term 20/);
    await user.type(screen.getByLabelText(/Annual target premium/), '13');
    expect(
      await within(previewPanel()).findByText('Product 5 is not sold in your state'),
    ).toBeInTheDocument();
    expect(getToasts().map((t) => t.title)).not.toContain('Product 5 is not sold in your state');
    // One try: a refusal is not asked again.
    expect(
      previewCalls().filter(
        (c) => (c.data as CommissionPreviewInput).target_premium_cents === 1300,
      ),
    ).toHaveLength(1);
  });

  it('sends the body in integer cents with the split', { timeout: 20_000 }, async () => {
    const { user, onSubmit } = setup();
    await fillRequired(user);
    await chooseLookup(user, 'Split with', 'Bea', /Bea Dunn/);
    expect(screen.getByLabelText(/Their share/)).toHaveValue('50');
    await user.clear(screen.getByLabelText(/Their share/));
    await user.type(screen.getByLabelText(/Their share/), '33.33');
    await user.type(screen.getByLabelText('Notes'), '  Call first. ');
    await user.click(screen.getByRole('button', { name: 'Submit policy' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      policy_number: 'LF-1/7',
      client_id: 7,
      product_id: 5,
      face_amount_cents: 50_000_000,
      target_premium_cents: 123_456,
      submitted_on: emptyPolicyForm().submitted_on,
      issued_on: undefined,
      split_code: 'AGT200',
      split_share_bp: 3333,
      trainer_code: undefined,
      notes: 'Call first.',
    });
  });

  it(
    'asks for the share of a split partner, and refuses three decimals',
    { timeout: 20_000 },
    async () => {
      const { user, onSubmit } = setup();
      await fillRequired(user);
      expect(screen.queryByLabelText(/Their share/)).not.toBeInTheDocument();
      await chooseLookup(user, 'Split with', 'Bea', /Bea Dunn/);
      await user.clear(screen.getByLabelText(/Their share/));
      await user.clear(screen.getByLabelText(/Annual target premium/));
      await user.type(screen.getByLabelText(/Annual target premium/), '1.234');
      await user.click(screen.getByRole('button', { name: 'Submit policy' }));
      expect(
        await screen.findByText('Their share must be a percent above 0 and below 100'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText(/Annual target premium/)).toHaveAccessibleDescription(
        'Annual target premium must be an amount in dollars',
      );
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it(
    "puts the server's target_premium_cents error under the premium field",
    { timeout: 20_000 },
    async () => {
      const failure = new ApiError(422, 'Validation error', [
        { field: 'target_premium_cents', message: 'Annual target premium is below the minimum' },
      ]);
      const onSubmit = vi.fn<Submit>().mockRejectedValue(failure);
      const { user } = setup({ onSubmit, error: failure });
      await fillRequired(user);
      await user.click(screen.getByRole('button', { name: 'Submit policy' }));
      await waitFor(() =>
        expect(screen.getByLabelText(/Annual target premium/)).toHaveAccessibleDescription(
          'Annual target premium is below the minimum',
        ),
      );
      expect(screen.getByLabelText(/Annual target premium/)).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
    },
  );

  it('shows other failures in the error panel', () => {
    setup({ error: new ApiError(409, 'Policy LF-1/7 already exists at Acme Life') });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Policy LF-1/7 already exists at Acme Life',
    );
  });
});
