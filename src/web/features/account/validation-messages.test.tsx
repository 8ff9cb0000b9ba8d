import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../contract/accounts';
import { TOKEN_KEY } from '../../lib/api-client';
import AddShippingPage from './add-shipping-page';
import EditBillingPage from './edit-billing-page';
import EditEmailPage from './edit-email-page';
import EditPasswordPage from './edit-password-page';
import EditSecurityQuestionPage from './edit-security-question-page';
import EditShippingPage from './edit-shipping-page';
import SignInPage from './sign-in-page';
import { SignUpContactStep } from './sign-up-contact-step';
import { SignUpEmailStep } from './sign-up-email-step';
import { SignUpFinalStep } from './sign-up-final-step';

/** Every validation message of spec §5 for the account forms, shown by the real forms, character for character. */

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const emptyCustomer: Customer = {
  code: 'C1',
  orgName: '',
  firstName: '',
  lastName: '',
  email: 'a@example.com',
  addressLine1: '',
  city: '',
  state: '',
  zip: '',
  // Whitespace only: rejected like an empty value (an empty one would default to US).
  country: ' ',
  dayPhone: '',
  web: '',
  defaultShipTo: '',
  shipTo: [{ code: 'S1', orgName: '', firstName: '', lastName: '', contact: '', addressLine1: '', city: '', state: '', zip: '', country: ' ', dayPhone: '', email: '' }],
  permissions: [],
  securityQuesiton: '',
  emailVerified: true,
  pendingEmail: '',
  accountStatus: 'active',
};

/** A page inside the app's providers, signed in as a customer whose fields are all empty. */
function renderPage(page: ReactNode, path = '/', route = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  localStorage.setItem(TOKEN_KEY, 'token');
  client.setQueryData(['session', 'token'], emptyCustomer);
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={page} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const input = (label: RegExp) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

async function expectMessages(messages: string[]) {
  for (const m of messages) expect(await screen.findByText(m)).toBeTruthy();
}

describe('sign in (§5)', () => {
  it('requires email and password', async () => {
    renderPage(<SignInPage />);
    submit('Sign in');
    await expectMessages(['Email is required', 'Password is required']);
  });

  it('checks the email pattern and the 6-character minimum, and clears an error when the field is edited', async () => {
    renderPage(<SignInPage />);
    type(/^Email/, 'not-an-email');
    type(/^Password/, '12345');
    submit('Sign in');
    await expectMessages(['Please enter a valid email address', 'Password must be at least 6 characters long']);
    type(/^Email/, 'buyer@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
  });
});

describe('sign-up steps (§5)', () => {
  it('step 0: email required and valid', async () => {
    renderPage(<SignUpEmailStep data={{}} onNext={() => {}} />);
    submit('Continue');
    await expectMessages(['Please input your email address']);
    type(/^Email/, 'nope');
    submit('Continue');
    await expectMessages(['The input is not valid E-mail!']);
  });

  it('step 1: names unless a company, country, postal code and day phone', async () => {
    const next = vi.fn();
    renderPage(<SignUpContactStep data={{ country: '' }} onNext={next} onBack={() => {}} />);
    submit('Continue');
    await expectMessages([
      'Please input your first name or company name',
      'Please input your last name or company name',
      'Please input your country',
      'Please input your Postal Code',
      'Please input your day phone',
    ]);
    // A company name alone satisfies both name rules.
    type(/^Company name/, 'Acme Party');
    submit('Continue');
    await waitFor(() => expect(screen.queryByText('Please input your first name or company name')).toBeNull());
    expect(screen.queryByText('Please input your last name or company name')).toBeNull();
    expect(next).not.toHaveBeenCalled();
  });

  it('step 2: every required field, a valid email and matching passwords', async () => {
    renderPage(<SignUpFinalStep data={{ country: 'US', dayPhone: '1' }} onBack={() => {}} onDone={() => {}} />);
    submit('Create account');
    await expectMessages([
      'Please input your address',
      'Please input your city',
      'Please input your state',
      'Please input your zip code',
      'Please input your company name or both first and last name',
      'Please input your email address',
      'Please input your password',
      'Please confirm your password',
      'Please input your security question',
      'Please input your answer',
    ]);
    type(/^Email/, 'bad@');
    type(/^Password/, 'abcdefgh');
    type(/^Re-enter password/, 'abcdefgX');
    submit('Create account');
    await expectMessages(['The input is not valid E-mail!', 'The two passwords that you entered do not match!']);
  });
});

const addressMessages = [
  'Please input your company name or both first and last name',
  'Please input your first name or company name',
  'Please input your last name or company name',
  'Please input your country',
  'Please input your address',
  'Please input your city',
  'Please input your state',
  'Please input your zip code',
  'Please input your day phone',
];

describe('billing, shipping and add-address forms (§5)', () => {
  it('billing: every address rule', async () => {
    renderPage(<EditBillingPage />);
    submit('Save Changes');
    await expectMessages(addressMessages);
  });

  it('shipping: every address rule', async () => {
    renderPage(<EditShippingPage />, '/account/editshippingaddress/S1', '/account/editshippingaddress/:code');
    submit('Save Changes');
    await expectMessages(addressMessages);
  });

  it('add address: the rules, whitespace-only rejected', async () => {
    renderPage(<AddShippingPage />);
    type(/^Address/, '   ');
    type(/^City/, ' ');
    submit('Save Address');
    await expectMessages(addressMessages.filter((m) => m !== 'Please input your country'));
  });

  it('a company name, or both first and last name, satisfies the name rules', async () => {
    renderPage(<EditBillingPage />);
    type(/^First name/, 'Pat');
    type(/^Last name/, 'Lee');
    submit('Save Changes');
    await expectMessages(['Please input your address']);
    expect(screen.queryByText('Please input your company name or both first and last name')).toBeNull();
    expect(screen.queryByText('Please input your first name or company name')).toBeNull();
  });
});

describe('email, password and security question forms (§5)', () => {
  it('email: required and valid', async () => {
    renderPage(<EditEmailPage />);
    type(/^Email/, '');
    submit('Save Changes');
    await expectMessages(['Please input your email address']);
    type(/^Email/, 'x@y');
    submit('Save Changes');
    await expectMessages(['Please enter a valid email address']);
  });

  it('password: current, new and confirm required; confirm must match', async () => {
    renderPage(<EditPasswordPage />);
    submit('Save Changes');
    await expectMessages(['Please input your current password', 'Please input your new password', 'Please confirm your new password']);
    type(/^Current password/, 'old-password');
    type(/^New password/, 'new-password-1');
    type(/^Confirm new password/, 'new-password-2');
    submit('Save Changes');
    await expectMessages(['The two passwords do not match!']);
  });

  it('security question: question and answer required', async () => {
    renderPage(<EditSecurityQuestionPage />);
    submit('Save Changes');
    await expectMessages(['Please input your security question', 'Please input your answer']);
  });
});
