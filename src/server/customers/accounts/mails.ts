import type { MailMessage } from '../../platform/mail/mailer';

/** The texts of the account mails. Links carry raw one-time tokens; nothing else does. */

const SIGNATURE = '\n\nThank you,\nThe Balloon Wholesale Shop team';

function greeting(name: string): string {
  return name ? `Hello ${name},` : 'Hello,';
}

export function welcomeMail(to: string, name: string, verifyUrl: string): MailMessage {
  return {
    to,
    subject: 'Welcome to the Balloon Wholesale Shop: please confirm your email address',
    text:
      `${greeting(name)}\n\nThank you for opening a customer account. Please confirm your email ` +
      `address by opening this link (valid for 7 days):\n\n${verifyUrl}\n\n` +
      `If you did not sign up, you can ignore this message.${SIGNATURE}`,
  };
}

/**
 * To the address asked for, not yet proved to be the customer's: no name or other text the
 * account holds, so the mail cannot carry a stranger's words to any address (issue 16, finding 2).
 */
export function confirmNewEmailMail(to: string, confirmUrl: string): MailMessage {
  return {
    to,
    subject: 'Please confirm your new email address',
    text:
      `Hello,\n\nSomeone asked to make this address the sign-in email of a customer account at the ` +
      `Balloon Wholesale Shop. To confirm, open this link (valid for 7 days):\n\n${confirmUrl}\n\n` +
      `Until then the account keeps its current address. If you did not ask for this, you can ` +
      `ignore this message.${SIGNATURE}`,
  };
}

/** To the current, verified address when a change is asked for: with the one-click way back. */
export function emailChangeRequestedNotice(to: string, name: string, newEmail: string, revertUrl: string): MailMessage {
  return {
    to,
    subject: 'The email address of your account is being changed',
    text:
      `${greeting(name)}\n\nSomeone signed in to your customer account asked to change its sign-in ` +
      `email address to ${newEmail}. The change is made when the link we sent there is opened; ` +
      `until then, and for mail about your account, this address stays in use.\n\n` +
      `If this was not you, open this link (valid for 7 days). It keeps or restores this address ` +
      `and signs out every device, then please reset your password:\n\n${revertUrl}${SIGNATURE}`,
  };
}

/** To the current address when staff enter a new one (DESIGN.md §7): the same way back. */
export function emailChangeRequestedByStaffNotice(to: string, name: string, newEmail: string, revertUrl: string): MailMessage {
  return {
    to,
    subject: 'The email address of your account is being changed',
    text:
      `${greeting(name)}\n\nOur staff entered ${newEmail} as the new sign-in email address of your ` +
      `customer account. The change is made when the link we sent there is opened; until then, and ` +
      `for mail about your account, this address stays in use.\n\n` +
      `If you did not ask for this, open this link (valid for 7 days). It keeps this address and ` +
      `signs out every device:\n\n${revertUrl}${SIGNATURE}`,
  };
}

/** To the old address once the new one is confirmed. */
export function emailChangedNotice(to: string, name: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'The email address of your account was changed',
    text:
      `${greeting(name)}\n\nThe sign-in email address of your customer account is now ${newEmail}, ` +
      `and every other signed-in device was signed out. If this was not you, use the link in our ` +
      `earlier message to restore this address, or contact us at once.${SIGNATURE}`,
  };
}

export function passwordResetMail(to: string, name: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    text:
      `${greeting(name)}\n\nSomeone (we hope you) asked to reset the password of your customer ` +
      `account. Open this link within one hour to choose a new password; it works once:\n\n` +
      `${resetUrl}\n\nIf you did not ask for this, you can ignore this message: your password ` +
      `stays as it is.${SIGNATURE}`,
  };
}

export function passwordChangedNotice(to: string, name: string): MailMessage {
  return {
    to,
    subject: 'Your password was changed',
    text:
      `${greeting(name)}\n\nThe password of your customer account was just changed, and every ` +
      `other signed-in device was signed out.\n\nIf you did not make this change, please reset ` +
      `your password and contact us.${SIGNATURE}`,
  };
}

/** When staff approve a pending account (SIGNUP_APPROVAL=on): prices and ordering are open. */
export function accountApprovedMail(to: string, name: string, shopUrl: string): MailMessage {
  return {
    to,
    subject: 'Your account is approved',
    text:
      `${greeting(name)}\n\nYour customer account at the Balloon Wholesale Shop is approved. Sign in ` +
      `to see your prices and place orders:\n\n${shopUrl}${SIGNATURE}`,
  };
}
