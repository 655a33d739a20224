import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { deletedMembers } from '../../db/schema/index.js';
import { insertTutorial } from '../../tutorials/repository.js';

/**
 * `tutorial.created`: commerce's copy of the tutorial, whose price an enrolment is paid at. An
 * announcement without its price (from before events carried it), or one about a creator deleted
 * since, keeps nothing.
 */
export function consumeTutorialCreated(runtime: ServiceRuntime): void {
  runtime.consumeOnce('tutorial.created', async (tx, event) => {
    const { tutorialId, creatorId, title, price, isFree } = event.data;
    if (title === undefined || price === undefined || isFree === undefined) return 'skipped';
    if (await aboutForgottenMembers(tx, deletedMembers, [creatorId], event.occurredAt)) return 'skipped';
    await insertTutorial(tx, { id: tutorialId, creatorId, title, price, isFree, createdAt: new Date(event.occurredAt) });
  });
}
