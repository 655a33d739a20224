ALTER TABLE "social"."events" ADD COLUMN "attendee_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social"."events" ADD CONSTRAINT "events_attendee_count_check" CHECK ("social"."events"."attendee_count" >= 0);--> statement-breakpoint
-- Standing RSVPs are counted once here; from then on the transaction that records, cancels or
-- erases an RSVP keeps the count (community-events/repository.ts).
UPDATE "social"."events" e SET "attendee_count" = g.n
FROM (SELECT "event_id", count(*)::int AS n FROM "social"."event_attendees" WHERE "cancelled_at" IS NULL GROUP BY "event_id") g
WHERE e."id" = g."event_id";
