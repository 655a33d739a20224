-- The cell-tagged index again for the top-rated alone, so a search by rating reads the best matches
-- first (SearchRepository.sorted). Built without CONCURRENTLY (migrations run in a transaction):
-- writes to profiles wait while it builds (26 s over 1,000,000 generated profiles on a 2-core host).
CREATE INDEX "profiles_all_cells_top_rated_idx" ON "directory"."profiles" USING gin ("directory"."cell_document"("all_tsv", "geo_cell")) WHERE "average_rating" >= 4.50;