import { eq, sql } from 'drizzle-orm';
import { demoProfiles, demoReviews, demoUsers, type DemoProfile } from '@freemarket/demo';
import type { ServiceRuntime } from '@freemarket/kit';
import { certifications, profiles, reviews, skillCategories, skills, userSkills, users, type ProfileInsert } from '../db/schema/index.js';
import { memberName } from '../profiles/dto.js';
import { ReviewRepository } from '../reviews/repository.js';
import { refreshCertificationMaterial, refreshSkillMaterial } from '../profiles/search-material.js';

/**
 * Local mode's demo directory: about 500 profiles around the default map position, with skills,
 * certifications, reviews (ratings recomputed from them) and some private sections. Runs only
 * while the directory has no profile at all, in one transaction. The demo members are written to
 * the users projection too (identity announces them as well; the projection takes either).
 */
export async function seedDemoData(runtime: ServiceRuntime): Promise<void> {
  const [any] = await runtime.db.select({ id: profiles.id }).from(profiles).limit(1);
  if (any) return;
  const started = Date.now();
  await runtime.db.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then finds the profiles.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('directory:demo-seed'))`);
    const [again] = await tx.select({ id: profiles.id }).from(profiles).limit(1);
    if (again) return;
    const people = demoUsers();
    await tx.insert(users).values(people).onConflictDoNothing();
    const names = new Map(people.map((u) => [u.id, memberName(u)]));
    const demo = demoProfiles();
    const inserted = await tx
      .insert(profiles)
      .values(demo.map((d) => toRow(d, names.get(d.userId) ?? null)))
      .returning({ id: profiles.id, userId: profiles.userId });
    const profileOf = new Map(inserted.map((p) => [p.userId, p.id]));
    const skillIds = await skillIdsByName(tx);
    const skillRows = demo.flatMap((d) =>
      d.skills.map((s) => ({ profileId: profileOf.get(d.userId)!, skillId: skillIds.get(`${s.category}|${s.name}`)!, yearsExperience: s.yearsExperience, hourlyRate: s.hourlyRate })),
    );
    if (skillRows.length) await tx.insert(userSkills).values(skillRows);
    const certRows = demo.flatMap((d) => d.certifications.map((c) => ({ ...c, profileId: profileOf.get(d.userId)! })));
    if (certRows.length) await tx.insert(certifications).values(certRows);
    await tx.insert(reviews).values(demoReviews());
    const ids = inserted.map((p) => p.id);
    await refreshSkillMaterial(tx, ids);
    await refreshCertificationMaterial(tx, ids);
    await new ReviewRepository(tx).recountRatings(ids);
  });
  runtime.logger.info({ ms: Date.now() - started }, 'demo directory seeded');
}

async function skillIdsByName(tx: Parameters<Parameters<ServiceRuntime['db']['transaction']>[0]>[0]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: skills.id, name: skills.name, category: skillCategories.name })
    .from(skills)
    .innerJoin(skillCategories, eq(skillCategories.id, skills.categoryId));
  return new Map(rows.map((r) => [`${r.category}|${r.name}`, r.id]));
}

function toRow(d: DemoProfile, name: string | null): ProfileInsert {
  const { skills: _s, certifications: _c, latitude, longitude, ...fields } = d;
  return { ...fields, latitude: latitude.toFixed(7), longitude: longitude.toFixed(7), memberName: name };
}
