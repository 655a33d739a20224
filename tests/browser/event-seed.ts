import pg from 'pg';

/**
 * Moves an event `daysAgo` days back, as time passes for an event that was once ahead: the API takes
 * no past date for a new event. Straight into the social service's table of the stack's database.
 */
export async function moveEventIntoPast(databaseUrl: string, eventId: string, daysAgo: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Seconds and milliseconds included, as a date set through the API may have them.
    await client.query(`update social.events set event_date = now() - make_interval(days => $2::int) where id = $1`, [eventId, daysAgo]);
  } finally {
    await client.end();
  }
}
