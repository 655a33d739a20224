import type { ContactMessageBody, ContactMessageCreated } from '@freemarket/contracts';
import type { Actor, ServiceRuntime } from '@freemarket/kit';
import { insertContactMessage } from './repository.js';

/** The contact form's messages: stored for the team to read (README, Operations). */
export class ContactService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** Anyone may write; a signed-in sender is remembered so the team can find their account. */
  async send(actor: Actor | null, input: ContactMessageBody): Promise<ContactMessageCreated> {
    const row = await insertContactMessage(this.runtime.db, input, actor?.userId ?? null);
    return { id: row.id };
  }
}
