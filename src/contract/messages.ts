/**
 * The spec's user-facing texts, character for character (§5 validation, §8 errors and successes).
 * Server and web app both take them from here, so a message never drifts between the two.
 */

/** §5 validation messages. */
export const VALIDATION = {
  signIn: {
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters long',
  },
  signUp: {
    emailRequired: 'Please input your email address',
    emailInvalid: 'The input is not valid E-mail!',
    postalCodeRequired: 'Please input your Postal Code',
    passwordsDoNotMatch: 'The two passwords that you entered do not match!',
  },
  address: {
    companyOrNames: 'Please input your company name or both first and last name',
    firstNameOrCompany: 'Please input your first name or company name',
    lastNameOrCompany: 'Please input your last name or company name',
    countryRequired: 'Please input your country',
    addressRequired: 'Please input your address',
    cityRequired: 'Please input your city',
    stateRequired: 'Please input your state',
    zipRequired: 'Please input your zip code',
    dayPhoneRequired: 'Please input your day phone',
  },
  email: {
    required: 'Please input your email address',
    invalid: 'Please enter a valid email address',
  },
  password: {
    currentRequired: 'Please input your current password',
    newRequired: 'Please input your new password',
    confirmRequired: 'Please confirm your new password',
    doNotMatch: 'The two passwords do not match!',
  },
  securityQuestion: {
    questionRequired: 'Please input your security question',
    answerRequired: 'Please input your answer',
  },
  cart: {
    couponRequired: 'Please enter a coupon code',
    catalogNumberRequired: 'Please enter a catalog number',
    catalogNumberInvalid: 'Please enter a valid catalog number',
    quantityInvalid: 'Please enter a valid quantity',
  },
} as const;

/**
 * Rules the spec leaves to the server (DESIGN.md §3: new passwords of 8 to 128 characters), with
 * messages in the spec's own phrasing.
 */
export const ACCOUNT_RULES = {
  signInPasswordMin: 6,
  newPasswordMin: 8,
  newPasswordMax: 128,
  textMax: 100,
  webMax: 200,
  emailMax: 254,
} as const;

export const SERVER_MESSAGES = {
  passwordRequired: 'Please input your password',
  confirmPasswordRequired: 'Please confirm your password',
  newPasswordTooShort: `Password must be at least ${ACCOUNT_RULES.newPasswordMin} characters long`,
  passwordTooLong: `Password must be at most ${ACCOUNT_RULES.newPasswordMax} characters long`,
  passwordTooCommon: 'This password is too common. Please choose another.',
  tooLong: 'This value is too long',
  zipInvalid: 'Please enter a valid US ZIP code or Canadian postal code',
  zipUnknown: 'Unknown zip code',
  currentPasswordWrong: 'Your current password is incorrect',
  defaultShipToNotDeletable: 'The default address cannot be deleted. Choose another default address first.',
  shipToNotFound: 'Shipping address not found',
  tooManyShipTos: 'No more shipping addresses can be added to this account',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again later.',
  notYourAccount: 'Access forbidden. Please contact support',
  /** The 403 of UpdateEmail when the session has not entered its password in the last 10 minutes. */
  passwordConfirmationNeeded: 'Please enter your password again to change your email address.',
  tooManyConfirmationMails: 'Too many confirmation emails were sent. Please try again in an hour.',
  noPendingEmailChange: 'There is no email change waiting for confirmation.',
  emailChangePending: 'Almost done: open the link we sent to the new address to confirm it. Until then you sign in with your current address.',
  emailChangeResent: 'We sent the confirmation link again.',
  emailChangeCancelled: 'The email change was cancelled.',
} as const;

/** §8 error texts. */
export const ERRORS = {
  login: {
    invalidCredentials: 'Invalid username or password',
    forbidden: 'Access forbidden. Please contact support',
    userNotFound: 'User not found',
    serverError: 'Server error. Please try again later',
    failed: 'Login failed. Please try again',
    network: 'Network error. Please check your connection',
  },
  emailAlreadyRegistered: 'E-mail address is already registered as a customer!',
  unexpected: 'An unexpected error occurred.',
  customerCall: 'An error occurred. Please try again.',
  signupFailed: 'Signup failed',
  updateAccountFailed: 'Failed to update account. Please try again.',
  shipToCodeMissing: 'Shipping address code is missing.',
  userNotFoundSignIn: 'User not found. Please sign in again.',
  invalidResetToken: 'Invalid reset token. Please request a new password reset.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetMailFailed: 'Failed to send reset email. Please try again.',
} as const;

/** §8 success texts. */
export const SUCCESS = {
  signIn: 'Signin Successful',
  passwordReset: 'Password reset successful!',
  resetMailSent: 'Password reset email sent! Check your inbox.',
  signUp: 'Signup successful! Please check your email for verification.',
  accountUpdated: 'Account updated successfully!',
  shipToUpdated: 'Shipping address updated successfully!',
  emailUpdated: 'Email updated successfully!',
  passwordUpdated: 'Password updated successfully!',
  securityQuestionUpdated: 'Security question updated successfully!',
  defaultAddressUpdated: 'Default address updated!',
  addressDeleted: 'Address deleted!',
  shipToAdded: 'Shipping address added successfully!',
} as const;
