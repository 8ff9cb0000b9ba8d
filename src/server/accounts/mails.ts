import type { MailMessage } from '../mail/mailer';

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

export function verifyNewEmailMail(to: string, name: string, verifyUrl: string): MailMessage {
  return {
    to,
    subject: 'Please confirm your new email address',
    text:
      `${greeting(name)}\n\nThis address is now the sign-in email of your customer account. Please ` +
      `confirm it by opening this link (valid for 7 days):\n\n${verifyUrl}${SIGNATURE}`,
  };
}

export function emailChangedNotice(to: string, name: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'The email address of your account was changed',
    text:
      `${greeting(name)}\n\nThe sign-in email address of your customer account was changed to ` +
      `${newEmail}. From now on, mail about your account goes there.\n\n` +
      `If you did not make this change, please contact us at once.${SIGNATURE}`,
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
