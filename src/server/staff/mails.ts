import type { MailMessage } from '../platform/mail/mailer';

/** The texts of the staff's mails. Links carry raw one-time tokens; nothing else does. */

const SIGNATURE = '\n\nSkyline Balloons back office';

/** After an owner's "Reset sign-in": the member sets a new password through the link. */
export function signInResetMail(to: string, name: string, setPasswordUrl: string, hours: number): MailMessage {
  return {
    to,
    subject: 'Set a new password for the back office',
    text:
      `Hello ${name},\n\nAn owner reset your sign-in to the Skyline Balloons back office: your ` +
      `password and two-step sign-in were cleared and you were signed out everywhere. Open this ` +
      `link within ${hours} hours to choose a new password; it works once:\n\n${setPasswordUrl}\n\n` +
      `Then sign in and set up two-step sign-in again under My account. If you did not expect ` +
      `this, tell an owner.${SIGNATURE}`,
  };
}

/** To a member added without a password: the link to choose one. */
export function newMemberMail(to: string, name: string, setPasswordUrl: string, hours: number): MailMessage {
  return {
    to,
    subject: 'Your back-office account: set a password',
    text:
      `Hello ${name},\n\nAn owner added you to the Skyline Balloons back office. Open this link ` +
      `within ${hours} hours to choose your password; it works once:\n\n${setPasswordUrl}\n\n` +
      `Then sign in at the back office with this address. If you did not expect this, you can ` +
      `ignore this message.${SIGNATURE}`,
  };
}
