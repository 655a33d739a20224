CREATE SCHEMA IF NOT EXISTS "messaging";
--> statement-breakpoint
CREATE TABLE "messaging"."outbox" (
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
CREATE TABLE "messaging"."processed_events" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"processed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "messaging"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging"."conversations" (
	"owner_id" text NOT NULL,
	"other_id" text NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_message_at" timestamp (3) with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_owner_id_other_id_pk" PRIMARY KEY("owner_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "messaging"."accepted_connections" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"requester_id" text NOT NULL,
	"addressee_id" text NOT NULL,
	"removed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "messaging"."outbox" USING btree ("created_at") WHERE "messaging"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "messaging"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_pair_idx" ON "messaging"."messages" USING btree (least("sender_id", "receiver_id"),greatest("sender_id", "receiver_id"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messaging"."messages" USING btree ("receiver_id","sender_id") WHERE "messaging"."messages"."is_read" = false;--> statement-breakpoint
CREATE INDEX "accepted_connections_requester_idx" ON "messaging"."accepted_connections" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "accepted_connections_addressee_idx" ON "messaging"."accepted_connections" USING btree ("addressee_id");