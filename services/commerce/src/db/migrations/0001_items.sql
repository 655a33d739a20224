CREATE TABLE "commerce"."items_for_sale" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" numeric(10, 2),
	"open_to_negotiate" boolean DEFAULT false NOT NULL,
	"open_to_barter" boolean DEFAULT false NOT NULL,
	"pickup_available" boolean DEFAULT false NOT NULL,
	"delivery_available" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_for_sale_price_positive" CHECK ("commerce"."items_for_sale"."price" is null or "commerce"."items_for_sale"."price" > 0),
	CONSTRAINT "items_for_sale_status_check" CHECK ("commerce"."items_for_sale"."status" in ('available', 'sold'))
);
--> statement-breakpoint
ALTER TABLE "commerce"."member_profiles" ADD COLUMN "items_for_sale_is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "items_for_sale_seller_idx" ON "commerce"."items_for_sale" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "commerce"."transactions" ADD CONSTRAINT "transactions_item_id_items_for_sale_id_fk" FOREIGN KEY ("item_id") REFERENCES "commerce"."items_for_sale"("id") ON DELETE set null ON UPDATE no action;