import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './react-query';
import { toast, type ToastInput } from '../components/ui/toast-store';

vi.mock('../components/ui/toast-store', () => ({ toast: vi.fn() }));

type ErrorMeta = { errorText?: string | ((error: Error) => string | null); errorTitle?: string };

/** Runs a mutation that fails with `error` and answers the toast it showed, if any. */
async function toastFor(error: Error, meta: ErrorMeta): Promise<ToastInput | undefined> {
  const client = createQueryClient();
  await client
    .getMutationCache()
    .build(client, { mutationFn: () => Promise.reject(error), meta })
    .execute(undefined)
    .catch(() => undefined);
  return vi.mocked(toast).mock.calls.at(-1)?.[0];
}

const answer = (status: number, body: unknown) => new ApiError(status, `${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);

afterEach(() => {
  vi.mocked(toast).mockClear();
});

describe('a failed action’s toast', () => {
  it('should give the server’s reason for a refusal under the spec’s text', async () => {
    const shown = await toastFor(answer(409, { message: 'You already referred this business' }), { errorText: 'Failed to submit referral' });
    expect(shown).toEqual({ title: 'Error', description: 'Failed to submit referral', reason: 'You already referred this business.', variant: 'destructive' });
  });

  it('should name a refused field as a member reads it', async () => {
    const refusal = answer(400, { message: 'body.expenseDate: must be 1900-01-01 or later', issues: [] });
    const shown = await toastFor(refusal, { errorText: 'Failed to record business expense' });
    expect(shown).toMatchObject({ description: 'Failed to record business expense', reason: 'Expense date must be 1900-01-01 or later.' });
  });

  it('should show only the spec’s text when the server failed', async () => {
    const shown = await toastFor(answer(500, { message: 'Internal Server Error' }), { errorText: 'Failed to record transaction' });
    expect(shown).toEqual({ title: 'Error', description: 'Failed to record transaction', variant: 'destructive' });
    expect(await toastFor(answer(503, { message: 'Service Unavailable: try again shortly' }), { errorText: 'Failed to record transaction' })).not.toHaveProperty('reason');
  });

  it('should show only the spec’s text when the network failed', async () => {
    const shown = await toastFor(new TypeError('Failed to fetch'), { errorText: 'Failed to add skill' });
    expect(shown).toEqual({ title: 'Error', description: 'Failed to add skill', variant: 'destructive' });
  });

  it('should show no reason a refusal’s body does not state', async () => {
    const shown = await toastFor(answer(413, 'Payload Too Large'), { errorText: 'Failed to save legislation' });
    expect(shown).not.toHaveProperty('reason');
  });

  it('should leave a screen that words its own failure as it words it', async () => {
    const refusal = answer(409, { message: 'This item has been sold; its price cannot change' });
    const shown = await toastFor(refusal, { errorTitle: 'Failed to save item', errorText: (e) => (e instanceof ApiError ? 'its own words' : null) });
    expect(shown).toEqual({ title: 'Failed to save item', description: 'its own words', variant: 'destructive' });
  });

  it('should show no toast where the screen shows the error beside its field', async () => {
    expect(await toastFor(answer(400, { message: 'body.eventDate: must be in the future' }), { errorText: () => null })).toBeUndefined();
  });
});
