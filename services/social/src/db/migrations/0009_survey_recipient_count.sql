ALTER TABLE "social"."surveys" ADD COLUMN "recipient_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social"."surveys" ADD CONSTRAINT "surveys_recipient_count_check" CHECK ("social"."surveys"."recipient_count" >= 0);--> statement-breakpoint
-- Existing recipients are counted once here (as `recountSurvey` in surveys/repository.ts counts them);
-- from then on the statement that sends a survey and the one that erases a deleted member's rows keep it.
UPDATE "social"."surveys" s SET "recipient_count" = g.n
FROM (SELECT "survey_id", count(*)::int AS n FROM "social"."survey_recipients" GROUP BY "survey_id") g
WHERE s."id" = g."survey_id";
