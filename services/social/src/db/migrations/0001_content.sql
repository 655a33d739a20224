CREATE TABLE "social"."posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_content_length" CHECK (char_length("social"."posts"."content") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "social"."survey_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"recipient_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "survey_recipients_status_check" CHECK ("social"."survey_recipients"."status" in ('pending', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "social"."survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"responder_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social"."surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"questions" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social"."survey_recipients" ADD CONSTRAINT "survey_recipients_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "social"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "social"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "social"."posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "social"."posts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_recipients_uq" ON "social"."survey_recipients" USING btree ("survey_id","recipient_id");--> statement-breakpoint
CREATE INDEX "survey_recipients_inbox_idx" ON "social"."survey_recipients" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_uq" ON "social"."survey_responses" USING btree ("survey_id","responder_id");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_idx" ON "social"."survey_responses" USING btree ("survey_id","created_at","id");--> statement-breakpoint
CREATE INDEX "surveys_creator_idx" ON "social"."surveys" USING btree ("creator_id","created_at","id");