import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, type ContactMessageBody, type ContactMessageCreated } from '@freemarket/contracts';
import { ApiError, apiRequest, errorMessageOf } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast-store';

function required(label: string, max: number) {
  return z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
}

/**
 * The contact form's rules (spec 02 §5: all four required, email of email format), the same limits
 * as the server's contract with messages written for the form.
 */
export const contactFormSchema = z.object({
  name: required('Name', CONTACT_MESSAGE_MAX.name),
  email: required('Email', CONTACT_MESSAGE_MAX.email).pipe(z.email('Please enter a valid email address')),
  subject: required('Subject', CONTACT_MESSAGE_MAX.subject),
  message: required('Message', CONTACT_MESSAGE_MAX.message),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

/** `POST /api/contact`: open to visitors. */
export function sendContactMessage(input: ContactMessageBody): Promise<ContactMessageCreated> {
  return apiRequest<ContactMessageCreated>('POST', '/api/contact', input);
}

/** Sends the message, then the spec's toast and `onSent` (which clears the form). */
export function useSendContactMessage(onSent: () => void) {
  return useSubmitMutation({
    mutationFn: sendContactMessage,
    // A spent per-address budget says when to try again; anything else gets the generic text.
    meta: { errorText: (error) => (error instanceof ApiError && error.status === 429 ? errorMessageOf(error) : 'Failed to send message. Please try again.') },
    onSuccess: () => {
      toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
      onSent();
    },
  });
}
