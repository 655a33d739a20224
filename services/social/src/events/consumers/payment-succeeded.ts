import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { deletedMembers } from '../../db/schema/index.js';
import { enrol } from '../../tutorials/enrolments.js';

/** `payment.succeeded` for a tutorial: its buyer is enrolled, once per payment. Other payments are commerce's alone. */
export function consumePaymentSucceeded(runtime: ServiceRuntime): void {
  runtime.consumeOnce('payment.succeeded', async (tx, event) => {
    const { tutorialId, buyerId, transactionId } = event.data;
    if (!tutorialId) return 'skipped';
    // A member deleted since the payment keeps no enrolment.
    if (await aboutForgottenMembers(tx, deletedMembers, [buyerId], event.occurredAt)) return 'skipped';
    if (!(await enrol(tx, { transactionId, tutorialId, userId: buyerId, at: new Date(event.occurredAt) }))) return 'skipped';
  });
}
