-- A project's creator is its first participant (projects/repository.ts#insertProject): projects
-- started before that gain their creator's place, as of the day they started, and its count.
WITH added AS (
  INSERT INTO "social"."project_participants" ("project_id", "user_id", "role", "joined_at")
  SELECT "id", "creator_id", 'creator', "created_at" FROM "social"."projects"
  ON CONFLICT DO NOTHING
  RETURNING "project_id"
)
UPDATE "social"."projects" p SET "participant_count" = p."participant_count" + 1
FROM added a
WHERE p."id" = a."project_id";
