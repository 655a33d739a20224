-- The cell-tagged index again for the perfect scores alone, the first rating tier a search by rating
-- reads (RATING_TIERS, SearchRepository.sorted). On a float8 cast, which the rating btree cannot
-- serve, so that the planner cannot AND that btree into the plan.
CREATE INDEX "profiles_all_cells_top_score_idx" ON "directory"."profiles" USING gin ("directory"."cell_document"("all_tsv", "geo_cell")) WHERE "average_rating"::float8 >= 5;