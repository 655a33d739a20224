import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@freemarket/db';
import { certifications, profiles, skillCategories, skills, userSkills } from '../db/schema/index.js';
import { certificationsJson, userSkillsJson } from './json.js';

/**
 * Profiles carry a copy of their skills and certifications (their text for matching, and the rows
 * as search results show them) so search needs no joins; the services that change those tables
 * call these in the same transaction. Both take many profiles
 * at once (demo seeding, benchmark data) and read the other tables for each profile row.
 */
export async function refreshSkillMaterial(tx: DbOrTx, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  const mine = sql`from ${userSkills} us join ${skills} s on s.id = us.skill_id join ${skillCategories} c on c.id = s.category_id where us.profile_id = ${profiles.id}`;
  await tx
    .update(profiles)
    .set({
      skillText: sql`coalesce((select string_agg(s.name || ' ' || c.name, ' ' order by us.created_at, us.id) ${mine}), '')`,
      skillCategoryIds: sql`coalesce((select array_agg(distinct s.category_id) ${mine}), '{}')`,
      skillSummary: sql`coalesce((select json_agg(json_build_object('name', t.name, 'category', t.category) order by t.created_at, t.id)
        from (select s.name, c.name as category, us.created_at, us.id ${mine} order by us.created_at, us.id limit 2) t), '[]'::json)`,
      userSkillsJson: userSkillsJson,
      updatedAt: sql`now()`,
    })
    .where(inArray(profiles.id, profileIds));
}

export async function refreshCertificationMaterial(tx: DbOrTx, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  await tx
    .update(profiles)
    .set({
      certText: sql`coalesce((select string_agg(concat_ws(' ', c.name, c.issuer, c.license_number), ' ' order by c.created_at, c.id)
        from ${certifications} c where c.profile_id = ${profiles.id}), '')`,
      certificationsJson: certificationsJson,
      updatedAt: sql`now()`,
    })
    .where(inArray(profiles.id, profileIds));
}
