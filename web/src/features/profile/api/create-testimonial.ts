import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';
import type { CreateTestimonial, Testimonial } from '@freemarket/contracts';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { testimonialsKeyRoot } from './get-testimonials';

/** `POST /api/testimonials`: the caller writes about `profileUserId`, once, never about themselves. */
export function createTestimonial(body: CreateTestimonial): Promise<Testimonial> {
  return apiRequest<Testimonial>('POST', '/api/testimonials', body);
}

export function useCreateTestimonial(onAdded: () => void) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createTestimonial,
    meta: { errorText: 'Failed to add testimonial' },
    onSuccess: async () => {
      toast({ title: 'Testimonial added', description: 'Thank you for vouching for this member.' });
      onAdded();
      await queryClient.invalidateQueries({ queryKey: testimonialsKeyRoot });
    },
  });
}
