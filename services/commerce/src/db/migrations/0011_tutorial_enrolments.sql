CREATE TABLE "commerce"."tutorials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"is_free" boolean NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commerce"."transactions" ADD COLUMN "tutorial_id" uuid;--> statement-breakpoint
CREATE INDEX "tutorials_creator_idx" ON "commerce"."tutorials" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "commerce"."transactions" ADD CONSTRAINT "transactions_tutorial_id_tutorials_id_fk" FOREIGN KEY ("tutorial_id") REFERENCES "commerce"."tutorials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_tutorial_buyer_idx" ON "commerce"."transactions" USING btree ("tutorial_id","buyer_id");