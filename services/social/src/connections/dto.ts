import type { Connection, UserSummary } from '@freemarket/contracts';
import type { ConnectionRow } from '../db/schema/index.js';
import { unknownUser } from '../users/summaries.js';

export function toConnection(row: ConnectionRow, people: Map<string, UserSummary>): Connection {
  return {
    id: row.id,
    requesterId: row.requesterId,
    addresseeId: row.addresseeId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    requester: people.get(row.requesterId) ?? unknownUser(row.requesterId),
    addressee: people.get(row.addresseeId) ?? unknownUser(row.addresseeId),
  };
}
