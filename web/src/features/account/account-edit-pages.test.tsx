import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AccountProfile } from '@/api/gen/model/accountProfile';
import { ApiError } from '@/api/mutator';
import { ACCOUNT } from '@/test/account-fixture';
import { calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AddressPage } from './address-page';
import { BasicInformationPage } from './basic-information-page';
import { EmailPage } from './email-page';
import { AltPhonePage, PhonePage } from './phone-pages';
import { SpousePage } from './spouse-page';

/** The server: GET /account, and each PUT answering the account with the body applied. */
function server(account: AccountProfile = ACCOUNT, extra: Record<string, unknown> = {}) {
  const put = (apply: (body: never) => Partial<AccountProfile>) => (request: FakeRequest) => ({
    ...account,
    ...apply(request.data as never),
  });
  fakeApi({
    '/account': account,
    'PUT /account/basic-information': put((body: object) => body),
    'PUT /account/address': put((address: AccountProfile['address']) => ({ address })),
    'PUT /account/phone': put(({ phone }: { phone: string }) => ({ phone })),
    'PUT /account/alt-phone': put(({ phone }: { phone?: string }) => ({ alt_phone: phone })),
    'PUT /account/spouse': put((spouse: AccountProfile['spouse']) => ({ spouse })),
    ...extra,
  });
}

function renderForm(page: ReactElement, path: string) {
  return renderWithProviders(page, {
    path,
    route: path,
    extraRoutes: [{ path: '/account', element: <h1>Account page</h1> }],
  });
}

const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('account edit forms', () => {
  it(
    'basic information: pre-filled, checked, saved, then back to the account',
    { timeout: 20_000 },
    async () => {
      server();
      const { user, router } = renderForm(<BasicInformationPage />, '/account/basic-information');
      const first = await screen.findByLabelText(/First name/);
      expect(first).toHaveValue('Alex');
      expect(screen.getByLabelText(/Date of birth/)).toHaveValue('1980-02-29');
      expect(screen.getByRole('combobox', { name: /Shirt size/ })).toHaveTextContent('L');
      expect(document.title).toBe('Edit basic information · My account · Associate Portal');
      const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
      expect(within(crumbs).getByRole('link', { name: 'My account' })).toHaveAttribute(
        'href',
        '/account',
      );

      await user.clear(first);
      await user.click(save());
      expect(await screen.findByText('First name is required')).toBeInTheDocument();
      expect(calls('/account/basic-information')).toEqual([]);

      await user.type(first, ' Alexis ');
      await user.click(save());
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Basic information updated successfully',
      );
      expect(calls('/account/basic-information').map((c) => c.data)).toEqual([
        {
          first_name: 'Alexis',
          last_name: 'Carter',
          date_of_birth: '1980-02-29',
          gender: 'Male',
          marital_status: 'Married',
          shirt_size: 'L',
        },
      ]);
      expect(
        await screen.findByRole('heading', { name: 'Account page' }, { timeout: 3000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/account');
    },
  );

  it("address: the states of the associate's country, server field errors by the fields", async () => {
    server(ACCOUNT, {
      'PUT /account/address': () => {
        throw new ApiError(422, 'Validation error', [
          { field: 'postal_code', message: 'Postal code is not a ZIP code of Michigan' },
        ]);
      },
    });
    const { user } = renderForm(<AddressPage />, '/account/address');
    expect(await screen.findByLabelText(/Address line 1/)).toHaveValue('1 Main St');
    await user.click(screen.getByRole('combobox', { name: /State/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('Michigan (MI)');
    expect(options).not.toContain('Ontario (ON)');
    await user.keyboard('{Escape}');
    await user.click(save());
    expect(
      await screen.findByText('Postal code is not a ZIP code of Michigan'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
    expect(screen.queryByText(/updated successfully/)).not.toBeInTheDocument();
  });

  it('phone: shown as (###) ###-####, checked for ten digits, sent as digits', async () => {
    server();
    const { user } = renderForm(<PhonePage />, '/account/phone');
    const phone = await screen.findByRole('textbox', { name: /Phone/ });
    expect(phone).toHaveValue('(555) 123-4567');
    await user.clear(phone);
    await user.click(save());
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    await user.type(phone, '555-1234');
    await user.click(save());
    expect(await screen.findByText('Phone must have 10 digits')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '(555) 222-3333');
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Phone updated successfully');
    expect(calls('/account/phone').map((c) => c.data)).toEqual([{ phone: '5552223333' }]);
  });

  it('alternative phone: empty removes it', async () => {
    server();
    const { user } = renderForm(<AltPhonePage />, '/account/alt-phone');
    const phone = await screen.findByRole('textbox', { name: /Alternative phone/ });
    expect(phone).toHaveValue('(555) 987-6543');
    await user.clear(phone);
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Alternative phone updated successfully',
    );
    expect(calls('/account/alt-phone').map((c) => c.data)).toEqual([{}]);
  });

  it('spouse: checked, and all empty removes them', async () => {
    server();
    const { user } = renderForm(<SpousePage />, '/account/spouse');
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'sam@');
    await user.click(save());
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Phone']) await user.clear(screen.getByLabelText(label));
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Spouse updated successfully');
    expect(calls('/account/spouse').map((c) => c.data)).toEqual([{}]);
  });

  it('email: asks for the change, shows what happens next and stays', async () => {
    const notice = 'A confirmation link is on its way to new@example.com.';
    let account: AccountProfile = ACCOUNT;
    fakeApi({
      '/account': () => account,
      'POST /account/email': ({ data }: FakeRequest) => {
        account = { ...ACCOUNT, pending_email: (data as { email: string }).email };
        return { message: notice };
      },
    });
    const { user, router } = renderForm(<EmailPage />, '/account/email');
    expect(await screen.findByText('agent@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('New email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/New email/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(notice);
    expect(calls('/account/email').map((c) => c.data)).toEqual([{ email: 'new@example.com' }]);
    // The account is asked again: the change waits for its link.
    expect(await screen.findByText('waiting for confirmation')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(router.state.location.pathname).toBe('/account/email');
  });

  it('tells staff the account pages are for associates', async () => {
    fakeApi({
      '/account': () => {
        const body = { status: 403, message: 'Associates only', code: 'associates_only' };
        throw new ApiError(403, body.message, [], body);
      },
    });
    renderForm(<PhonePage />, '/account/phone');
    expect(
      await screen.findByRole('heading', {
        name: 'This part of the portal is for associates. Staff accounts cannot open it.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to my account/ })).toHaveAttribute(
      'href',
      '/account',
    );
  });
});
