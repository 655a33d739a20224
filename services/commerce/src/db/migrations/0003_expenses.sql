CREATE TABLE "commerce"."expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text DEFAULT 'business' NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"line_item" text NOT NULL,
	"vendor" text NOT NULL,
	"category" text,
	"payment_method" text,
	"notes" text,
	"expense_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_positive" CHECK ("commerce"."expenses"."amount" > 0),
	CONSTRAINT "expenses_type_check" CHECK ("commerce"."expenses"."type" in ('business', 'personal'))
);
--> statement-breakpoint
CREATE INDEX "expenses_owner_date_idx" ON "commerce"."expenses" USING btree ("user_id","type","expense_date","id");--> statement-breakpoint
CREATE INDEX "expenses_owner_all_idx" ON "commerce"."expenses" USING btree ("user_id","expense_date","id");