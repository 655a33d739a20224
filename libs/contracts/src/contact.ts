import { z } from 'zod';
import { nonBlank } from './primitives.js';

/** Longest value of each contact form field, counted after trimming. */
export const CONTACT_MESSAGE_MAX = { name: 200, email: 320, subject: 200, message: 5000 } as const;

/** `POST /api/contact`: a visitor's message to the team (spec 02 §2 Contact Us); no session needed. */
export const contactMessageBodySchema = z.object({
  name: nonBlank(CONTACT_MESSAGE_MAX.name),
  // Trimmed before the format check, so a pasted address with a trailing space still counts.
  email: nonBlank(CONTACT_MESSAGE_MAX.email).pipe(z.email('must be an email address')),
  subject: nonBlank(CONTACT_MESSAGE_MAX.subject),
  message: nonBlank(CONTACT_MESSAGE_MAX.message),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;
/** What the form holds before validation (every field a string). */
export type ContactMessageInput = z.input<typeof contactMessageBodySchema>;

/** 201 answer of `POST /api/contact`. */
export const contactMessageCreatedSchema = z.object({ id: z.uuid() });
export type ContactMessageCreated = z.infer<typeof contactMessageCreatedSchema>;
