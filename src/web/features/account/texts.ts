import { ERRORS } from '../../../contract/messages';

/**
 * The spec's §8 failure texts for the account screens that the contract does not already hold,
 * each followed by 'Please try again.' as the original's are.
 */
const again = (text: string) => `${text} Please try again.`;

export const ACCOUNT_FAILURES = {
  updateAccount: ERRORS.updateAccountFailed,
  updateShipTo: again('Failed to update shipping address.'),
  updateEmail: again('Failed to update email.'),
  updatePassword: again('Failed to update password.'),
  updateSecurityQuestion: again('Failed to update security question.'),
  updateDefault: again('Failed to update default address.'),
  deleteAddress: again('Failed to delete address.'),
  addShipTo: again('Failed to add shipping address.'),
  confirmPassword: again('Failed to confirm your password.'),
  resendEmailChange: again('Failed to send the link.'),
  cancelEmailChange: again('Failed to cancel the email change.'),
} as const;

/** §9: redirect after a successful account save, and after sign-up. */
export const SAVE_REDIRECT_MS = 1000;
export const SIGN_UP_REDIRECT_MS = 2000;
