import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { deletedMembers } from '../../db/schema/index.js';
import { isFullRefund } from '../../tutorials/access.js';
import { endEnrolment } from '../../tutorials/enrolments.js';

/** `payment.refunded` for a tutorial, refunded in full: the enrolment that payment made ends. A partial refund keeps it. */
export function consumePaymentRefunded(runtime: ServiceRuntime): void {
  runtime.consumeOnce('payment.refunded', async (tx, event) => {
    const { tutorialId, buyerId, transactionId, amount, amountRefunded } = event.data;
    if (!tutorialId || !isFullRefund(amount, amountRefunded)) return 'skipped';
    if (await aboutForgottenMembers(tx, deletedMembers, [buyerId], event.occurredAt)) return 'skipped';
    if (!(await endEnrolment(tx, { transactionId, tutorialId, userId: buyerId, at: new Date(event.occurredAt) }))) return 'skipped';
  });
}
