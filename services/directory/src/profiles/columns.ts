import { getTableColumns } from 'drizzle-orm';
import { profiles, users } from '../db/schema/index.js';

const { nameTsv: _n, skillsTsv: _s, credentialsTsv: _c, businessTsv: _b, vocationTsv: _v, allTsv: _a, geo: _g, nameKey: _k, userSkillsJson: _us, certificationsJson: _ce, ...readable } = getTableColumns(profiles);

/** The profile columns the application reads: the generated search material and the search results' copies stay in the database. */
export const profileColumns = readable;

/** The member, from the users projection. */
export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
};
