import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { useCreateBusinessReferral } from '../api/create-business-referral';
import { Section, type ProfileSectionProps } from './section';

// The contract's limits (createBusinessReferralSchema).
const LIMITS = { businessName: 200, contactInfo: 500, reason: 2000 } as const;

/**
 * Spec 02 §2 and §5: a member refers a local business they know (and earns points for it). An action
 * of the member's own, not an edit of the profile, so it shows on their profile in either mode.
 */
export function BusinessReferralForm({ isOwn, slots }: ProfileSectionProps) {
  const [businessName, setBusinessName] = useState('');
  const [contactInfo, setContactInfo] = useState('');
  const [reason, setReason] = useState('');
  const create = useCreateBusinessReferral(() => {
    setBusinessName('');
    setContactInfo('');
    setReason('');
    slots.onPointsEarned();
  });
  if (!isOwn) return null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!businessName.trim() || create.isPending) return;
    create.mutate({ businessName: businessName.trim(), contactInfo: contactInfo.trim() || null, reason: reason.trim() || null });
  };

  return (
    <Section title="Refer a Business" testId="business-referral">
      <form className="grid gap-3" onSubmit={submit}>
        <p className="text-sm text-slate-700">Know a local business that belongs on FreeMarket? Tell us about it and earn reward points.</p>
        <Field label="Business name (required)" htmlFor="referral-business-name">
          <Input id="referral-business-name" required maxLength={LIMITS.businessName} value={businessName} onChange={(e) => setBusinessName(e.target.value)} />
        </Field>
        <Field label="Contact information" htmlFor="referral-contact-info">
          <Input id="referral-contact-info" maxLength={LIMITS.contactInfo} placeholder="Phone, email or address" value={contactInfo} onChange={(e) => setContactInfo(e.target.value)} />
        </Field>
        <Field label="Why do you recommend them?" htmlFor="referral-reason">
          <Textarea id="referral-reason" rows={3} maxLength={LIMITS.reason} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div>
          <Button type="submit" disabled={!businessName.trim() || create.isPending}>
            {create.isPending ? 'Submitting...' : 'Submit Referral'}
          </Button>
        </div>
      </form>
    </Section>
  );
}
