import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { BusinessReferral } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';

/** The spec's payload (spec 02 §7); empty contact info and reason are sent as null. */
export interface BusinessReferralBody {
  businessName: string;
  contactInfo: string | null;
  reason: string | null;
}

/** `POST /api/business-referrals`: once per business name; the referrer earns points for it (spec 02 §9). */
export function createBusinessReferral(body: BusinessReferralBody): Promise<BusinessReferral> {
  return apiRequest<BusinessReferral>('POST', '/api/business-referrals', body);
}

export function useCreateBusinessReferral(onSent: () => void) {
  return useSubmitMutation({
    mutationFn: createBusinessReferral,
    meta: { errorText: 'Failed to submit referral' },
    onSuccess: (referral) => {
      toast({ title: 'Referral submitted!', description: `Thank you for referring ${referral.businessName}.` });
      onSent();
    },
  });
}
