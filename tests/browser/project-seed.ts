import pg from 'pg';

/**
 * Sets a project's target date, as time passes for a project whose date was once ahead: the API
 * takes no past target date for a new project. Straight into the social service's table of the
 * stack's database.
 */
export async function setTargetDate(databaseUrl: string, projectId: string, targetDate: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`update social.projects set target_date = $2::date where id = $1`, [projectId, targetDate]);
  } finally {
    await client.end();
  }
}
