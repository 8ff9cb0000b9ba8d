import { describe, expect, it } from 'vitest';
import { billingInfoSchema, loginRequestSchema, signUpContactStepSchema, signUpEmailStepSchema, signUpSchema } from '../../../contract/accounts';
import { VALIDATION } from '../../../contract/messages';

/** The contract schemas as the web forms will use them: the spec's messages, on the right fields. */

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('account contract schemas', () => {
  it('puts the name rules on the name fields', () => {
    expect(issues(billingInfoSchema.safeParse({ country: 'US', addressLine1: 'a', city: 'b', state: 'c', zip: '1', dayPhone: '2' }))).toEqual({
      orgName: VALIDATION.address.companyOrNames,
      firstName: VALIDATION.address.firstNameOrCompany,
      lastName: VALIDATION.address.lastNameOrCompany,
    });
  });

  it('checks sign-up step 0 and step 1 with their own messages', () => {
    expect(issues(signUpEmailStepSchema.safeParse({ email: 'x' }))).toEqual({ email: VALIDATION.signUp.emailInvalid });
    expect(issues(signUpContactStepSchema.safeParse({ firstName: 'A', country: 'US', zip: '', dayPhone: '1' }))).toEqual({
      lastName: VALIDATION.address.lastNameOrCompany,
      zip: VALIDATION.signUp.postalCodeRequired,
    });
  });

  it('strips fields a client may not set', () => {
    const parsed = signUpSchema.parse({
      orgName: 'Org', country: 'US', addressLine1: 'a', city: 'b', state: 'c', zip: '1', dayPhone: '2',
      email: 'a@b.co', password: 'password1', reenterPassword: 'password1', securityQuestion: 'q', securityQuestionAnswer: 'a',
      code: 'C1', permissions: ['admin'], password_hash: 'x',
    });
    expect(parsed).not.toHaveProperty('code');
    expect(parsed).not.toHaveProperty('permissions');
    expect(parsed).not.toHaveProperty('password_hash');
    expect(parsed).toMatchObject({ firstName: '', web: '', findAPro: false });
  });

  it('applies the sign-in rules of §5', () => {
    expect(issues(loginRequestSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: VALIDATION.signIn.emailRequired,
      password: VALIDATION.signIn.passwordRequired,
    });
    expect(issues(loginRequestSchema.safeParse({ username: 'a@b.co', password: '12345' }))).toEqual({ password: VALIDATION.signIn.passwordTooShort });
  });
});
