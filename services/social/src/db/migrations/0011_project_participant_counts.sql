ALTER TABLE "social"."projects" ADD COLUMN "participant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social"."projects" ADD CONSTRAINT "projects_participant_count_check" CHECK ("social"."projects"."participant_count" >= 0);--> statement-breakpoint
-- Participants are counted once here; from then on the transaction that adds or removes one keeps
-- the count (projects/repository.ts).
UPDATE "social"."projects" p SET "participant_count" = g.n
FROM (SELECT "project_id", count(*)::int AS n FROM "social"."project_participants" GROUP BY "project_id") g
WHERE p."id" = g."project_id";
