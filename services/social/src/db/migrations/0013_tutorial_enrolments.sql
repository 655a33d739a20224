CREATE TABLE "social"."tutorial_enrolments" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"tutorial_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"enrolled_at" timestamp (3) with time zone,
	"refunded_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "social"."tutorial_enrolments" ADD CONSTRAINT "tutorial_enrolments_tutorial_id_diy_content_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "social"."diy_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutorial_enrolments_member_idx" ON "social"."tutorial_enrolments" USING btree ("user_id","tutorial_id");