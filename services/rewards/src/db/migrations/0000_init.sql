CREATE SCHEMA IF NOT EXISTS "rewards";
--> statement-breakpoint
CREATE TABLE "rewards"."outbox" (
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
CREATE TABLE "rewards"."processed_events" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"processed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "rewards"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards"."rewards" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"lifetime_earned" bigint DEFAULT 0 NOT NULL,
	"lifetime_redeemed" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_balance_nonnegative" CHECK ("rewards"."rewards"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rewards"."reward_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" varchar(50) NOT NULL,
	"amount" integer NOT NULL,
	"action" varchar(100) NOT NULL,
	"description" text,
	"related_id" text,
	"credited" boolean DEFAULT true NOT NULL,
	"reason" text,
	"source_event_id" uuid,
	"earned_on" date,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "rewards"."outbox" USING btree ("created_at") WHERE "rewards"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "rewards"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_transactions_earn_once_idx" ON "rewards"."reward_transactions" USING btree ("user_id","action","related_id") WHERE "rewards"."reward_transactions"."type" = 'earn';--> statement-breakpoint
CREATE UNIQUE INDEX "reward_transactions_source_event_idx" ON "rewards"."reward_transactions" USING btree ("source_event_id");--> statement-breakpoint
CREATE INDEX "reward_transactions_user_created_idx" ON "rewards"."reward_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reward_transactions_daily_cap_idx" ON "rewards"."reward_transactions" USING btree ("user_id","action","earned_on") WHERE "rewards"."reward_transactions"."credited";