CREATE SCHEMA IF NOT EXISTS "social";
--> statement-breakpoint
CREATE TABLE "social"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempted_at" timestamp (3) with time zone,
	"last_error" text,
	"published_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "social"."processed_events" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"processed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "social"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social"."connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"addressee_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_count" integer DEFAULT 1 NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_not_self" CHECK ("social"."connections"."requester_id" <> "social"."connections"."addressee_id"),
	CONSTRAINT "connections_status_check" CHECK ("social"."connections"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "social"."outbox" USING btree ("created_at") WHERE "social"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "social"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_pair_uq" ON "social"."connections" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE INDEX "connections_requester_idx" ON "social"."connections" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "connections_addressee_idx" ON "social"."connections" USING btree ("addressee_id","created_at","id");