import { inArray, sql } from 'drizzle-orm';
import type { Certification, UserSkill } from '@freemarket/contracts';
import { queryRows, type DbOrTx } from '@freemarket/db';
import { profiles } from '../db/schema/index.js';
import { certificationsJson, userSkillsJson } from './json.js';

/** Skills and certifications of some profiles, by profile id, in one statement. */
export async function loadProfessionalInfo(
  db: DbOrTx,
  profileIds: string[],
): Promise<{ skills: Map<string, UserSkill[]>; certifications: Map<string, Certification[]> }> {
  const skillsByProfile = new Map<string, UserSkill[]>();
  const certsByProfile = new Map<string, Certification[]>();
  if (profileIds.length === 0) return { skills: skillsByProfile, certifications: certsByProfile };
  const rows = await queryRows<{ id: string; skills: UserSkill[]; certifications: Certification[] }>(
    db,
    sql`select ${profiles.id} as id, ${userSkillsJson} as skills, ${certificationsJson} as certifications from ${profiles} where ${inArray(profiles.id, profileIds)}`,
  );
  for (const r of rows) {
    skillsByProfile.set(r.id, parseJson(r.skills));
    certsByProfile.set(r.id, parseJson(r.certifications));
  }
  return { skills: skillsByProfile, certifications: certsByProfile };
}

/** node-postgres parses json columns; PGlite does too, but a driver returning text is handled alike. */
export function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
