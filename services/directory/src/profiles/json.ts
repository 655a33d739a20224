import { sql, type SQL } from 'drizzle-orm';
import { certifications, profiles as p, skillCategories, skills, userSkills, users as u } from '../db/schema/index.js';

/**
 * Profile pieces as Postgres builds them (json), in the contract's shapes, so a page of results is
 * one statement and no row mapping in Node. Correlated to the `directory.profiles` row in scope:
 * profile reads use them, and search-material.ts stores their value in the profile row for search.
 */
export const userSkillsJson: SQL = sql`coalesce((
  select json_agg(json_build_object(
    'id', us.id, 'profileId', us.profile_id, 'skillId', us.skill_id, 'yearsExperience', us.years_experience,
    'hourlyRate', us.hourly_rate::text,
    'skill', json_build_object('id', s.id, 'name', s.name, 'categoryId', s.category_id, 'category', json_build_object('id', c.id, 'name', c.name))
  ) order by us.created_at, us.id)
  from ${userSkills} us join ${skills} s on s.id = us.skill_id join ${skillCategories} c on c.id = s.category_id
  where us.profile_id = ${p.id}), '[]'::json)`;

export const certificationsJson: SQL = sql`coalesce((
  select json_agg(json_build_object(
    'id', ce.id, 'profileId', ce.profile_id, 'name', ce.name, 'issuer', ce.issuer, 'licenseNumber', ce.license_number,
    'issueDate', ce.issue_date::text, 'expiryDate', ce.expiry_date::text
  ) order by ce.created_at, ce.id)
  from ${certifications} ce where ce.profile_id = ${p.id}), '[]'::json)`;

/** The member from the users projection (one not announced yet has only an id), with `email` as given. */
export const userJson = (email: SQL): SQL =>
  sql`json_build_object('id', ${p.userId}, 'firstName', ${u.firstName}, 'lastName', ${u.lastName}, 'email', ${email}, 'profileImageUrl', ${u.profileImageUrl})`;
