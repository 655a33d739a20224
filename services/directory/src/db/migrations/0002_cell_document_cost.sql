-- cell_document tags every lexeme of a profile's `all` document with its grid cell: about 26 µs a
-- row, some 1,000 times a plain operator, where Postgres assumed 100. The cell-tagged index reads
-- its result from the index, never calling it; but at the default cost the planner would rather
-- fetch what a nationwide text index returns and call it on every one of those rows. When that
-- index's estimate is 50 times low ('photograph', 19,000 rows), a search near Nashville takes
-- 730 ms instead of 10 (docs/benchmarks.md, Search).
ALTER FUNCTION "directory"."cell_document"(tsvector, integer) COST 1000;
