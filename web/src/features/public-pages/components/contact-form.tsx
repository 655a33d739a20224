import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX, type ContactMessageBody } from '@freemarket/contracts';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { contactFormSchema, useSendContactMessage, type ContactFormValues } from '../api/send-contact-message';

const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };

function ControlProblem({ id, errors, name }: { id: string; errors: FieldErrors<ContactFormValues>; name: keyof ContactFormValues }) {
  const message = errors[name]?.message;
  return message ? (
    <p id={`${id}-problem`} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** `aria-invalid` and the message's id for a control whose value was refused. */
function invalidProps(id: string, invalid: boolean) {
  return invalid ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};
}

/**
 * The Contact Us form (spec 02 §2, §5). Browser validation is off so the form's own messages show;
 * the first refused field takes the focus. Cleared once the message is stored.
 */
export function ContactForm() {
  const form = useForm<ContactFormValues, unknown, ContactMessageBody>({ resolver: zodResolver(contactFormSchema), defaultValues: EMPTY });
  const send = useSendContactMessage(() => form.reset(EMPTY));
  const { errors } = form.formState;
  const control = (name: keyof ContactFormValues): { id: string; register: UseFormRegisterReturn } => ({ id: `contact-${name}`, register: form.register(name) });
  const name = control('name');
  const email = control('email');
  const subject = control('subject');
  const message = control('message');

  return (
    <form noValidate onSubmit={form.handleSubmit((input) => send.mutate(input))} className="grid gap-4" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor={name.id}>
          <Input id={name.id} autoComplete="name" aria-required="true" maxLength={CONTACT_MESSAGE_MAX.name} {...invalidProps(name.id, !!errors.name)} {...name.register} />
          <ControlProblem id={name.id} errors={errors} name="name" />
        </Field>
        <Field label="Email" htmlFor={email.id}>
          <Input id={email.id} type="email" autoComplete="email" aria-required="true" maxLength={CONTACT_MESSAGE_MAX.email} {...invalidProps(email.id, !!errors.email)} {...email.register} />
          <ControlProblem id={email.id} errors={errors} name="email" />
        </Field>
      </div>
      <Field label="Subject" htmlFor={subject.id}>
        <Input id={subject.id} aria-required="true" maxLength={CONTACT_MESSAGE_MAX.subject} {...invalidProps(subject.id, !!errors.subject)} {...subject.register} />
        <ControlProblem id={subject.id} errors={errors} name="subject" />
      </Field>
      <Field label="Message" htmlFor={message.id}>
        <Textarea id={message.id} rows={6} className="min-h-36" aria-required="true" maxLength={CONTACT_MESSAGE_MAX.message} {...invalidProps(message.id, !!errors.message)} {...message.register} />
        <ControlProblem id={message.id} errors={errors} name="message" />
      </Field>
      <div>
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
