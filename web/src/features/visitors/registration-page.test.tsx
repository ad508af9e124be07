import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MembershipAgreement } from '@/api/gen/model/membershipAgreement';
import { ApiError } from '@/api/mutator';
import { apiError, calls, fakeApi, type FakeRequest } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { RegisterDirectPage, RegisterPage } from './registration-page';

const UPLINE = {
  code: 'AGT100',
  name: 'Alex Carter',
  photo_url: 'https://files.example/p1.webp',
  country: 'USA',
  level: 'Marketing Director',
};
const NOTICE = 'Welcome! Check your mail: we sent you the next steps.';

function agreement(url: string): MembershipAgreement {
  const [, , country, plan] = url.split('/');
  return {
    country: country as MembershipAgreement['country'],
    plan: plan as MembershipAgreement['plan'],
    title: `Associate Membership Agreement (${plan}, ${country})`,
    body: 'One.\n\nTwo.',
    version: `v-${country}-${plan}`,
    published_on: '2026-01-15',
  };
}

function server(register: (request: FakeRequest) => unknown = () => ({ message: NOTICE })) {
  fakeApi({
    '/registration/uplines/AGT100': UPLINE,
    '/agreements/USA/Builder': ({ url }: FakeRequest) => agreement(url),
    '/agreements/Canada/Builder': ({ url }: FakeRequest) => agreement(url),
    '/agreements/USA/Direct': ({ url }: FakeRequest) => agreement(url),
    'POST /registrations': register,
  });
}

function renderPage(path = '/register/AGT100', direct = false) {
  return renderWithProviders(direct ? <RegisterDirectPage /> : <RegisterPage />, {
    path,
    route: direct ? '/register/direct/:upline' : '/register/:upline',
    extraRoutes: [{ path: '/login', element: <h1>Login page</h1> }],
  });
}

type User = ReturnType<typeof renderPage>['user'];

async function choose(user: User, label: RegExp, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fill(user: User) {
  await user.type(await screen.findByLabelText(/First name/), ' Ann ');
  await user.type(screen.getByLabelText(/Last name/), 'Lee');
  await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Phone/), '(555) 123-4567');
  await choose(user, /State/, /Michigan/);
  await user.type(screen.getByLabelText(/Password/), 'a good password');
  await user.click(screen.getByRole('checkbox', { name: /accept the Associate Membership/ }));
}

// Each test fills the whole form key by key: slow on a loaded machine.
describe('registration', { timeout: 20_000 }, () => {
  it('shows who the upline is and the agreement of their country and the plan', async () => {
    server();
    renderPage();
    expect(await screen.findByText('Alex Carter')).toBeInTheDocument();
    expect(screen.getByText('Code AGT100 · Marketing Director')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Register as an associate' })).toBeInTheDocument();
    expect(document.title).toBe('Register as an associate · Associate Portal');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveTextContent('USA');
    const read = await screen.findByRole('link', { name: 'Read the agreement' });
    expect(read).toHaveAttribute('href', '/ama/USA/Builder?upline=AGT100');
    expect(read).toHaveAttribute('target', '_blank');
    expect(await screen.findByText(/published 01\/15\/2026/)).toBeInTheDocument();
  });

  it('registers under the upline with the version of the agreement accepted', async () => {
    server();
    const { user } = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NOTICE);
    expect(screen.getByRole('heading', { name: 'Check your mail' })).toBeInTheDocument();
    expect(calls('/registrations').map((c) => c.data)).toEqual([
      {
        upline_code: 'AGT100',
        kind: 'Builder',
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        phone: '5551234567',
        country: 'USA',
        state: 'MI',
        password: 'a good password',
        agreement_version: 'v-USA-Builder',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
  });

  it('takes the states of the chosen country and its agreement', async () => {
    server();
    const { user } = renderPage();
    await fill(user);
    await choose(user, /Country/, /Canada/);
    // Michigan is not in Canada: the state is asked again.
    expect(screen.getByRole('combobox', { name: /State/ })).not.toHaveTextContent('Michigan');
    await user.click(screen.getByRole('combobox', { name: /State/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Ontario (ON)');
    expect(options.map((o) => o.textContent)).not.toContain('Michigan (MI)');
    await user.click(screen.getByRole('option', { name: /Ontario/ }));
    expect(await screen.findByRole('link', { name: 'Read the agreement' })).toHaveAttribute(
      'href',
      '/ama/Canada/Builder?upline=AGT100',
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('status');
    expect(calls('/registrations')[0]?.data).toMatchObject({
      country: 'Canada',
      state: 'ON',
      agreement_version: 'v-Canada-Builder',
    });
  });

  it('registers a Direct associate at register/direct/:upline', async () => {
    server();
    const { user } = renderPage('/register/direct/AGT100', true);
    expect(
      await screen.findByRole('heading', { name: 'Register as a Direct associate' }),
    ).toBeInTheDocument();
    await fill(user);
    expect(screen.getByRole('link', { name: 'Read the agreement' })).toHaveAttribute(
      'href',
      '/ama/USA/Direct?upline=AGT100',
    );
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('status');
    expect(calls('/registrations')[0]?.data).toMatchObject({
      kind: 'Direct',
      agreement_version: 'v-USA-Direct',
    });
  });

  it('checks every field and the acceptance of the agreement before sending', async () => {
    server();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'State / province is required',
      'Password is required',
      'Accept the membership agreement to register',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText(/Phone/), '555-1234');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Phone must have 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls('/registrations')).toEqual([]);
  });

  it('says plainly that no active associate has the code (404)', async () => {
    fakeApi({ '/registration/uplines/NOPE99': () => Promise.reject(apiError(404, 'Not found')) });
    renderPage('/register/NOPE99');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active associate has the code NOPE99',
    );
    expect(screen.queryByRole('form', { name: 'Registration' })).not.toBeInTheDocument();
    expect(document.title).toBe('Upline not found · Associate Portal');
  });

  it('does not ask about a code that cannot be one', async () => {
    fakeApi({});
    renderPage('/register/a!');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active associate has the code a!',
    );
    expect(calls()).toEqual([]);
  });

  it("puts the server's field errors by the fields, the agreement's by its box", async () => {
    server(() => {
      throw new ApiError(422, 'Validation error', [
        { field: 'email', message: 'Email is not a deliverable address' },
        { field: 'agreement_version', message: 'The agreement has changed: read it again' },
      ]);
    });
    const { user } = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Email is not a deliverable address')).toBeInTheDocument();
    expect(screen.getByText('The agreement has changed: read it again')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
    expect(screen.queryByText('Validation error')).not.toBeInTheDocument();
  });

  it('shows the server message when registrations are throttled (429)', async () => {
    server(() => {
      const body = {
        status: 429,
        message: 'Too many requests. Try again in 15 minutes.',
        code: 'throttled',
      };
      throw new ApiError(429, body.message, [], body);
    });
    const { user } = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const form = screen.getByRole('form', { name: 'Registration' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 15 minutes.',
    );
    expect(screen.getByLabelText(/First name/)).toHaveValue(' Ann ');
  });
});
