DROP INDEX "commerce"."transactions_pending_updated_idx";--> statement-breakpoint
CREATE INDEX "transactions_open_updated_idx" ON "commerce"."transactions" USING btree ("updated_at") WHERE "commerce"."transactions"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "transactions_item_idx" ON "commerce"."transactions" USING btree ("item_id");