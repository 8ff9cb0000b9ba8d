import { z } from 'zod';
import { ACCOUNT_RULES, ERRORS, SERVER_MESSAGES, VALIDATION } from './messages';
import { hasVisibleCharacter, httpUrl, requiredSingleLine, singleLine } from './text';
import { CUSTOMER_STATUSES } from './account-status';

/**
 * Requests and responses of the account calls (spec §3, §5, §7; DESIGN.md §3). The server
 * validates with these and the web forms use the same schemas, so the messages are the spec's in
 * both places. Unknown keys are stripped: a body can never set a code, permissions or a hash.
 */

const V = VALIDATION;
const R = ACCOUNT_RULES;

/** A basic address pattern, as the spec asks; deliverability is proved by the verification mail. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required single-line text (contract/text.ts): at least one visible character, no control characters. */
const requiredText = (message: string, max: number = R.textMax) =>
  requiredSingleLine(max, { required: message, tooLong: SERVER_MESSAGES.tooLong });

/**
 * A rule that holds vacuously for an empty value, so an empty field gets only its "required"
 * message. (zod's `abort` would do that too, but it also stops the cross-field rules.)
 */
const unlessEmpty = (ok: (v: string) => boolean) => (v: string) => v === '' || ok(v);

const optionalText = (max: number = R.textMax) =>
  singleLine(max, { tooLong: SERVER_MESSAGES.tooLong })
    .nullish()
    .transform((v) => v ?? '');

/** The customer's web address: empty, or http(s) only (a `javascript:` link must never be stored). */
const webAddress = httpUrl(R.webMax, { tooLong: SERVER_MESSAGES.tooLong })
  .nullish()
  .transform((v) => v ?? '');

const emailField = (requiredMessage: string, invalid: string) =>
  requiredText(requiredMessage, R.emailMax).refine(unlessEmpty((v) => EMAIL_PATTERN.test(v)), invalid);

/** A new password: 8 to 128 characters, no other composition rules. */
const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine(unlessEmpty((v) => v.length >= R.newPasswordMin), SERVER_MESSAGES.newPasswordTooShort)
    .max(R.newPasswordMax, SERVER_MESSAGES.passwordTooLong);

const flag = z.boolean().nullish().transform((v) => v ?? false);

// ---- responses -----------------------------------------------------------------------------

/** The street, place and phone of an address, as every address in the answers carries them. */
export const postalAddressSchema = z.object({
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  dayPhone: z.string(),
});

export const shipToSchema = z.object({
  code: z.string(),
  orgName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** First plus last name. */
  contact: z.string(),
  ...postalAddressSchema.shape,
  email: z.string(),
});
export type ShipTo = z.infer<typeof shipToSchema>;

export { ACCOUNT_STATUS_MESSAGES, CUSTOMER_STATUSES, type CustomerStatus } from './account-status';
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES);

export const customerSchema = z.object({
  code: z.string(),
  orgName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  ...postalAddressSchema.shape,
  web: z.string(),
  /** Code of the default ship-to; empty when the billing address is the default. */
  defaultShipTo: z.string(),
  shipTo: z.array(shipToSchema),
  permissions: z.array(z.string()),
  /** The security question itself (never the answer); the key is spelt as in the original API. */
  securityQuesiton: z.string(),
  emailVerified: z.boolean(),
  /**
   * An email change waiting for the link mailed to it ('' when none). The sign-in address stays
   * `email` until then (DESIGN.md §3 "Email change").
   */
  pendingEmail: z.string(),
  /** `pending` or `suspended`: the buyer sees no prices and cannot order (ACCOUNT_STATUS_MESSAGES says why). */
  accountStatus: customerStatusSchema,
});
export type Customer = z.infer<typeof customerSchema>;

export const zipLookupSchema = z.object({ city: z.string(), state: z.string(), country: z.enum(['US', 'CA']) });
export type ZipLookup = z.infer<typeof zipLookupSchema>;

export const emailAvailableSchema = z.object({ email: z.string(), available: z.literal(true) });

/** The body of 202 answers that change nothing visible in the customer (password reset). */
export const messageSchema = z.object({ message: z.string() });

// ---- address rules (§5: billing, shipping and add-address forms) ---------------------------

const addressFields = {
  orgName: optionalText(),
  firstName: optionalText(),
  lastName: optionalText(),
  country: requiredText(V.address.countryRequired, 60),
  addressLine1: requiredText(V.address.addressRequired, 200),
  city: requiredText(V.address.cityRequired),
  state: requiredText(V.address.stateRequired, 60),
  zip: requiredText(V.address.zipRequired, 20),
  dayPhone: requiredText(V.address.dayPhoneRequired, 40),
};

/** A name counts when it shows: zero-width spaces alone are no name. */
const filled = (v: unknown) => typeof v === 'string' && hasVisibleCharacter(v);
const isObject = (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null;
type Names = { orgName?: unknown; firstName?: unknown; lastName?: unknown };

/**
 * "A company name, or both first and last name": one message per field, so a form can show each
 * beside its input. `when` lets these run even while other fields are still invalid.
 */
export function withNameRules<T extends z.ZodType<Names>>(schema: T, withCompanyMessage = true) {
  const org = (v: Names) => filled(v.orgName);
  let s = schema
    .refine((v) => org(v) || filled(v.firstName), { path: ['firstName'], message: V.address.firstNameOrCompany, when: isObject })
    .refine((v) => org(v) || filled(v.lastName), { path: ['lastName'], message: V.address.lastNameOrCompany, when: isObject });
  if (withCompanyMessage) {
    s = s.refine((v) => org(v) || (filled(v.firstName) && filled(v.lastName)), {
      path: ['orgName'],
      message: V.address.companyOrNames,
      when: isObject,
    });
  }
  return s;
}

/** The billing form's fields, each with its own rule and without the rules across fields (the back office's partial edit takes them one by one). */
export const billingFieldsSchema = z.object({ ...addressFields, web: webAddress });

/** PUT /Customer/updateAccount/{code}: the billing form. */
export const billingInfoSchema = withNameRules(billingFieldsSchema.extend({ code: z.string().optional() }));
export type BillingInfoInput = z.input<typeof billingInfoSchema>;
export type BillingInfo = z.output<typeof billingInfoSchema>;

/** POST /Customer/NewShipto and PUT /Customer/UpdateShipto (there `code` names the address). */
export const shipToInputSchema = withNameRules(
  z.object({
    ...addressFields,
    email: singleLine(R.emailMax, { tooLong: SERVER_MESSAGES.tooLong })
      .refine((v) => v === '' || EMAIL_PATTERN.test(v), V.email.invalid)
      .nullish()
      .transform((v) => v ?? ''),
    contact: optionalText(),
    code: optionalText(40),
  }),
);
export type ShipToInput = z.output<typeof shipToInputSchema>;

// ---- sign-in ------------------------------------------------------------------------------

const signInPassword = z
  .string({ error: V.signIn.passwordRequired })
  .min(1, V.signIn.passwordRequired)
  .refine(unlessEmpty((v) => v.length >= R.signInPasswordMin), V.signIn.passwordTooShort)
  .max(R.newPasswordMax, SERVER_MESSAGES.passwordTooLong);

/** The sign-in form. */
export const signInFormSchema = z.object({
  email: emailField(V.signIn.emailRequired, V.signIn.emailInvalid),
  password: signInPassword,
});

/** POST /System/Login: query parameters (as the spec) or a JSON or form body. */
export const loginRequestSchema = z.object({
  username: emailField(V.signIn.emailRequired, V.signIn.emailInvalid),
  password: signInPassword,
});
export type LoginRequest = z.output<typeof loginRequestSchema>;

/** Route-level shape: everything optional, merged and then checked with loginRequestSchema. */
export const loginParamsSchema = z.object({ username: z.string().optional(), password: z.string().optional() });

// ---- sign-up (three steps) ----------------------------------------------------------------

export const signUpEmailStepSchema = z.object({ email: emailField(V.signUp.emailRequired, V.signUp.emailInvalid) });

export const signUpContactStepSchema = withNameRules(
  z.object({
    orgName: optionalText(),
    firstName: optionalText(),
    lastName: optionalText(),
    country: requiredText(V.address.countryRequired, 60),
    zip: requiredText(V.signUp.postalCodeRequired, 20),
    dayPhone: requiredText(V.address.dayPhoneRequired, 40),
  }),
  false,
);

const reenterMatches = (v: { password?: unknown; reenterPassword?: unknown }) =>
  typeof v.reenterPassword !== 'string' || v.reenterPassword === '' || v.reenterPassword === v.password;

/** POST /Customer/NewAccount: the final step, with the fields of every step (spec §3 sign-up form). */
export const signUpSchema = withNameRules(
  z.object({
    ...addressFields,
    web: webAddress,
    email: emailField(V.signUp.emailRequired, V.signUp.emailInvalid),
    password: newPassword(SERVER_MESSAGES.passwordRequired),
    reenterPassword: z.string({ error: SERVER_MESSAGES.confirmPasswordRequired }).min(1, SERVER_MESSAGES.confirmPasswordRequired),
    securityQuestion: requiredText(V.securityQuestion.questionRequired, 200),
    securityQuestionAnswer: requiredText(V.securityQuestion.answerRequired),
    findAPro: flag,
    prodInfoEmail: flag,
    prodInfoFax: flag,
  }),
).refine(reenterMatches, { path: ['reenterPassword'], message: V.signUp.passwordsDoNotMatch, when: isObject });
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

// ---- profile changes ------------------------------------------------------------------------

export const emailChangeSchema = z.object({ email: emailField(V.email.required, V.email.invalid) });

/** POST /Customer/ConfirmPassword: the password again, before an email change. */
export const confirmPasswordSchema = z.object({
  password: z.string({ error: SERVER_MESSAGES.passwordRequired }).min(1, SERVER_MESSAGES.passwordRequired).max(R.newPasswordMax, SERVER_MESSAGES.passwordTooLong),
});

const newPasswordPair = {
  newPassword: newPassword(V.password.newRequired),
  reenterPassword: z.string({ error: V.password.confirmRequired }).min(1, V.password.confirmRequired),
};
const newPasswordMatches = (v: { newPassword?: unknown; reenterPassword?: unknown }) =>
  typeof v.reenterPassword !== 'string' || v.reenterPassword === '' || v.reenterPassword === v.newPassword;

export const updatePasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: V.password.currentRequired })
      .min(1, V.password.currentRequired)
      .max(R.newPasswordMax, SERVER_MESSAGES.passwordTooLong),
    ...newPasswordPair,
  })
  .refine(newPasswordMatches, { path: ['reenterPassword'], message: V.password.doNotMatch, when: isObject });
export type UpdatePassword = z.output<typeof updatePasswordSchema>;

export const securityQuestionSchema = z.object({
  question: requiredText(V.securityQuestion.questionRequired, 200),
  answer: requiredText(V.securityQuestion.answerRequired),
});

// ---- password reset -------------------------------------------------------------------------

export const forgotPasswordSchema = z.object({ email: emailField(V.email.required, V.email.invalid) });

export const resetPasswordSchema = z
  .object({
    accessToken: z.string({ error: ERRORS.invalidResetToken }).trim().min(1, ERRORS.invalidResetToken).max(200, ERRORS.invalidResetToken),
    ...newPasswordPair,
  })
  .refine(newPasswordMatches, { path: ['reenterPassword'], message: V.password.doNotMatch, when: isObject });

// ---- query parameters -----------------------------------------------------------------------

export const validateEmailQuery = z.object({ email: emailField(V.signUp.emailRequired, V.signUp.emailInvalid) });
export const validateZipQuery = z.object({ zip: requiredText(V.signUp.postalCodeRequired, 20) });

/** `shiptocode` of UpdateDefaultShipto: empty means the billing address. */
export const defaultShipToQuery = z.object({ shiptocode: z.string().trim().max(40).optional().default('') });
export const shipToCodeQuery = z.object({
  shiptocode: z.string({ error: ERRORS.shipToCodeMissing }).trim().min(1, ERRORS.shipToCodeMissing).max(40),
});
