-- Search is one plain statement per page: the grid-cell-tagged text indexes, the rating tiers',
-- the skills signature index and the schools index go with the statements that named them, and
-- so do the results cache's notification triggers and the inlined great-circle function.
DROP INDEX "directory"."profiles_geo_cell_idx";--> statement-breakpoint
DROP INDEX "directory"."profiles_all_cells_idx";--> statement-breakpoint
DROP INDEX "directory"."profiles_all_cells_top_score_idx";--> statement-breakpoint
DROP INDEX "directory"."profiles_all_cells_top_rated_idx";--> statement-breakpoint
DROP INDEX "directory"."profiles_geo_skills_idx";--> statement-breakpoint
DROP INDEX "directory"."profiles_schools_cells_idx";--> statement-breakpoint
ALTER TABLE "directory"."profiles" DROP COLUMN "geo_cell";
--> statement-breakpoint
DROP FUNCTION "directory"."cell_document"(tsvector, integer);
--> statement-breakpoint
DROP TRIGGER "profiles_item_deleted" ON "directory"."profiles";
--> statement-breakpoint
DROP TRIGGER "profiles_item_changed" ON "directory"."profiles";
--> statement-breakpoint
DROP TRIGGER "profiles_items_truncated" ON "directory"."profiles";
--> statement-breakpoint
DROP TRIGGER "users_item_written" ON "directory"."users";
--> statement-breakpoint
DROP TRIGGER "users_item_changed" ON "directory"."users";
--> statement-breakpoint
DROP TRIGGER "users_items_truncated" ON "directory"."users";
--> statement-breakpoint
DROP FUNCTION "directory"."notify_item_change"();
--> statement-breakpoint
DROP FUNCTION "directory"."great_circle_metres"(cube, cube);
