CREATE SCHEMA IF NOT EXISTS "commerce";
--> statement-breakpoint
CREATE TABLE "commerce"."outbox" (
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
CREATE TABLE "commerce"."processed_events" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"processed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "commerce"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commerce"."transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"item_id" uuid,
	"amount" numeric(10, 2) NOT NULL,
	"type" varchar(20) DEFAULT 'purchase' NOT NULL,
	"source" varchar(20) DEFAULT 'stripe' NOT NULL,
	"payment_method" varchar(50),
	"stripe_payment_intent_id" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"description" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_positive" CHECK ("commerce"."transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "commerce"."member_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_political_candidate" boolean NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "commerce"."outbox" USING btree ("created_at") WHERE "commerce"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "commerce"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_buyer_created_idx" ON "commerce"."transactions" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_seller_created_idx" ON "commerce"."transactions" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);