import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tutorial } from '@freemarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client';
import { awaitsEnrolment } from '../utils/tutorial-text';
import { tutorialsKeyRoot } from './get-tutorials';

/** How often and how long a tutorial just paid for is read again, waiting for the enrolment to land. */
export const ENROLMENT_POLL_MS = 1000;
export const ENROLMENT_POLL_LIMIT_MS = 15_000;

/** `GET /api/diy-content/{id}`: one tutorial as the member sees it (its video only once they may watch it). */
export function getTutorial(id: string): Promise<Tutorial> {
  return apiGet<Tutorial>(`/api/diy-content/${encodeURIComponent(id)}`);
}

/** Under the tutorials' key root, so starting, saving or a payment refreshes it with the lists. */
export const tutorialQueryOptions = (id: string) => queryOptions({ queryKey: [...tutorialsKeyRoot, 'one', id], queryFn: () => getTutorial(id) });

export interface UseTutorialOptions {
  /** The tutorial as a list showed it: shown at once, with no request. */
  seed?: Tutorial;
  /**
   * The member just paid for it (they came from the payment's page): the enrolment arrives a
   * moment after the payment, through an event, so while `meId` may not watch it yet it is read
   * again every `ENROLMENT_POLL_MS`, for at most `ENROLMENT_POLL_LIMIT_MS`.
   */
  justPaid?: boolean;
  meId: string;
}

/** The tutorial, and whether it is still being read again for an enrolment on its way. */
export function useTutorial(id: string | null, { seed, justPaid = false, meId }: UseTutorialOptions) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!justPaid) return;
    const timer = setTimeout(() => setGaveUp(true), ENROLMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [justPaid, id]);
  const polling = justPaid && !gaveUp;
  const query = useQuery({
    ...tutorialQueryOptions(id ?? ''),
    enabled: id !== null,
    initialData: seed,
    refetchInterval: (q) => (polling && q.state.data && awaitsEnrolment(q.state.data, meId) ? ENROLMENT_POLL_MS : false),
  });
  // Once the enrollment has landed, the lists (read before it, perhaps) are read again too.
  const client = useQueryClient();
  const enrolled = query.data?.isEnrolled === true;
  useEffect(() => {
    if (justPaid && enrolled) void client.invalidateQueries({ queryKey: tutorialsKeyRoot });
  }, [justPaid, enrolled, client]);
  return { ...query, waitingForEnrolment: polling && query.data !== undefined && awaitsEnrolment(query.data, meId) };
}

/** An enrolment lands through an event a moment after its payment: read the tutorials now and a few times after. */
const FOLLOW_UP_MS = [0, 800, 2000, 4500];

/** A function that refreshes every tutorial read (lists and single ones) after a payment for a tutorial. */
export function useRefreshTutorialsSoon(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    for (const delay of FOLLOW_UP_MS) setTimeout(() => void client.invalidateQueries({ queryKey: tutorialsKeyRoot }), delay);
  }, [client]);
}
