ALTER TABLE "commerce"."transactions" ADD COLUMN "refund_due_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "commerce"."transactions" ADD COLUMN "refund_reason" varchar(20);--> statement-breakpoint
CREATE INDEX "transactions_refund_due_idx" ON "commerce"."transactions" USING btree ("refund_due_at") WHERE "commerce"."transactions"."refund_due_at" is not null;