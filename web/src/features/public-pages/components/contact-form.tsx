import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX, type ContactMessageBody } from '@freemarket/contracts';
import { Button } from '../../../components/ui/button';
import { Field, FieldProblem, Input, problemAttributes, Textarea } from '../../../components/ui/field';
import { contactFormSchema, useSendContactMessage, type ContactFormValues } from '../api/send-contact-message';

const EMPTY: ContactFormValues = { name: '', email: '', subject: '', message: '' };

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
          <Input id={name.id} autoComplete="name" aria-required="true" maxLength={CONTACT_MESSAGE_MAX.name} {...problemAttributes(name.id, errors.name?.message)} {...name.register} />
          <FieldProblem controlId={name.id} problem={errors.name?.message} />
        </Field>
        <Field label="Email" htmlFor={email.id}>
          <Input id={email.id} type="email" autoComplete="email" aria-required="true" maxLength={CONTACT_MESSAGE_MAX.email} {...problemAttributes(email.id, errors.email?.message)} {...email.register} />
          <FieldProblem controlId={email.id} problem={errors.email?.message} />
        </Field>
      </div>
      <Field label="Subject" htmlFor={subject.id}>
        <Input id={subject.id} aria-required="true" maxLength={CONTACT_MESSAGE_MAX.subject} {...problemAttributes(subject.id, errors.subject?.message)} {...subject.register} />
        <FieldProblem controlId={subject.id} problem={errors.subject?.message} />
      </Field>
      <Field label="Message" htmlFor={message.id}>
        <Textarea id={message.id} rows={6} className="min-h-36" aria-required="true" maxLength={CONTACT_MESSAGE_MAX.message} {...problemAttributes(message.id, errors.message?.message)} {...message.register} />
        <FieldProblem controlId={message.id} problem={errors.message?.message} />
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
