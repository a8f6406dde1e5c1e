import type { MailContent } from '../../platform/mail/layout.js';

export const INVITATION_TTL_DAYS = 7;

/** The console page the invitation's link opens; the page calls `POST /invitations/accept` with the token. */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/invitation?token=${encodeURIComponent(token)}`;

export const invitationMail = (
  to: string,
  input: { companyName: string | null; inviterName: string; role: string; url: string },
): MailContent => ({
  to,
  subject: `You are invited to join ${input.companyName ?? 'a business'} on Campaign Messaging`,
  paragraphs: [
    `${input.inviterName} invites you to join ${input.companyName ?? 'their business'} as ${input.role}.`,
    `Open the link below to accept: you set your name and password, or sign in with the account you have. It works once and is valid for ${INVITATION_TTL_DAYS} days.`,
    'If you did not expect this invitation, ignore this e-mail.',
  ],
  link: { label: 'Accept the invitation', url: input.url },
});
