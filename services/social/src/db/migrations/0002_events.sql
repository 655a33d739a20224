CREATE TABLE "social"."calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "social"."event_attendees" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	CONSTRAINT "event_attendees_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "event_attendees_cancel_after_rsvp" CHECK ("social"."event_attendees"."cancelled_at" is null or "social"."event_attendees"."cancelled_at" >= "social"."event_attendees"."created_at")
);
--> statement-breakpoint
CREATE TABLE "social"."events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"event_date" timestamp (3) with time zone NOT NULL,
	"location" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social"."member_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"events_is_public" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."event_attendees" ADD CONSTRAINT "event_attendees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "social"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendees_member_idx" ON "social"."event_attendees" USING btree ("user_id") WHERE "social"."event_attendees"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "social"."events" USING btree ("event_date","id");--> statement-breakpoint
CREATE INDEX "events_host_idx" ON "social"."events" USING btree ("host_user_id","event_date","id");