import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { testimonialsKeyRoot } from './get-testimonials';

/** `DELETE /api/testimonials/{id}`: its author, or the member it is about. */
export function deleteTestimonial(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/testimonials/${encodeURIComponent(id)}`);
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestimonial,
    meta: { errorText: 'Failed to delete testimonial' },
    onSuccess: () => toast({ title: 'Testimonial deleted' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testimonialsKeyRoot }),
  });
}
