import { and, count, eq } from 'drizzle-orm';
import { DIRECTORY_LIMITS, type AddCertification, type Certification } from '@freemarket/contracts';
import { ConflictError, NotFoundError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { certifications } from '../db/schema/index.js';
import type { ProfileService } from '../profiles/service.js';
import { refreshCertificationMaterial } from '../profiles/search-material.js';
import { loadProfessionalInfo } from '../profiles/sections.js';

/** Certifications and licences, added and removed by the profile's owner. */
export class CertificationService {
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly profiles: ProfileService,
  ) {}

  async add(actor: Actor, input: AddCertification): Promise<Certification> {
    const { id, profileId } = await this.runtime.transaction(async (tx) => {
      const profile = await this.profiles.ownedForUpdate(tx, actor, input.profileId);
      const [{ n }] = (await tx.select({ n: count() }).from(certifications).where(eq(certifications.profileId, profile.id))) as [{ n: number }];
      if (n >= DIRECTORY_LIMITS.certificationsPerProfile) throw new ConflictError(`A profile lists at most ${DIRECTORY_LIMITS.certificationsPerProfile} certifications`);
      const [row] = await tx
        .insert(certifications)
        .values({
          profileId: profile.id,
          name: input.name,
          issuer: input.issuer || null,
          licenseNumber: input.licenseNumber || null,
          issueDate: input.issueDate ?? null,
          expiryDate: input.expiryDate ?? null,
        })
        .returning({ id: certifications.id });
      await refreshCertificationMaterial(tx, [profile.id]);
      return { id: row!.id, profileId: profile.id };
    });
    const info = await loadProfessionalInfo(this.runtime.db, [profileId]);
    return info.certifications.get(profileId)!.find((c) => c.id === id)!;
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const [found] = await tx.select({ profileId: certifications.profileId }).from(certifications).where(eq(certifications.id, id));
      if (!found) throw new NotFoundError('Certification not found');
      const profile = await this.profiles.ownedForUpdate(tx, actor, found.profileId);
      await tx.delete(certifications).where(and(eq(certifications.id, id), eq(certifications.profileId, profile.id)));
      await refreshCertificationMaterial(tx, [profile.id]);
    });
  }
}
