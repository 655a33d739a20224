const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid's text form (any case): what may go into a `::uuid` cast without a Postgres error. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
