CREATE TABLE "commerce"."stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_intent_uq" ON "commerce"."transactions" USING btree ("stripe_payment_intent_id");