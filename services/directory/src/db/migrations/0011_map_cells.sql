-- The map answers by what is on screen: clusters from per-zoom grid cells kept by triggers here,
-- single markers from the profiles themselves. The in-memory marker cache, its notifications and
-- the stored marker document go.
DROP TRIGGER "profiles_marker_written" ON "directory"."profiles";
--> statement-breakpoint
DROP TRIGGER "profiles_marker_changed" ON "directory"."profiles";
--> statement-breakpoint
DROP TRIGGER "profiles_markers_truncated" ON "directory"."profiles";
--> statement-breakpoint
DROP FUNCTION "directory"."notify_marker_change"();
--> statement-breakpoint
ALTER TABLE "directory"."profiles" DROP COLUMN "marker_json";
--> statement-breakpoint
DROP FUNCTION "directory"."marker_document"(uuid, text, text, text, numeric, numeric, numeric, integer, boolean, boolean, boolean, boolean, json);
--> statement-breakpoint
CREATE TABLE "directory"."map_cells" (
	"zoom" smallint NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"count" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	CONSTRAINT "map_cells_zoom_x_y_pk" PRIMARY KEY("zoom","x","y")
);
--> statement-breakpoint
-- A cell at zoom z is a web-mercator tile of zoom z + 2: 4 << z cells across the world (map/tiles.ts
-- computes the same for a request's bounds).
CREATE FUNCTION "directory"."map_cell_x"(lng float8, zoom integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((lng + 180) / 360 * (4 << zoom)), 0), (4 << zoom) - 1)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION "directory"."map_cell_y"(lat float8, zoom integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor((1 - ln(tan(r) + 1 / cos(r)) / pi()) / 2 * (4 << zoom)), 0), (4 << zoom) - 1)::integer
  FROM (SELECT radians(least(greatest(lat, -85.0511287798), 85.0511287798)) AS r) AS clamped
$$;
--> statement-breakpoint
-- Adds each point (sign 1) or takes it away (sign -1) in its cell of every zoom level up to 16
-- (MAX_CLUSTER_ZOOM; closer in the map shows single markers). One upsert in (zoom, x, y) order, so
-- concurrent writers lock shared cells in the same order and never deadlock on them. A cell left
-- empty keeps its row with a count of 0, which readers skip.
CREATE FUNCTION "directory"."shift_map_cells"(lats float8[], lngs float8[], signs integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "directory"."map_cells" AS c ("zoom", "x", "y", "count", "lat_sum", "lng_sum")
  SELECT z, "directory"."map_cell_x"(p.lng, z), "directory"."map_cell_y"(p.lat, z), sum(p.sign), sum(p.sign * p.lat), sum(p.sign * p.lng)
  FROM unnest(lats, lngs, signs) AS p(lat, lng, sign), generate_series(0, 16) AS z
  WHERE p.lat IS NOT NULL AND p.lng IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("zoom", "x", "y") DO UPDATE
    SET "count" = c."count" + excluded."count", "lat_sum" = c."lat_sum" + excluded."lat_sum", "lng_sum" = c."lng_sum" + excluded."lng_sum"
$$;
--> statement-breakpoint
-- Statement-level, over the statement's transition tables: a bulk insert (seed data, the benchmark's
-- generator) is one upsert per statement, not one per profile. An update shifts only the profiles
-- whose place changed.
CREATE FUNCTION "directory"."profiles_map_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "directory"."shift_map_cells"(array_agg("latitude"::float8), array_agg("longitude"::float8), array_agg(1)) FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "directory"."shift_map_cells"(array_agg("latitude"::float8), array_agg("longitude"::float8), array_agg(-1)) FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "directory"."shift_map_cells"(array_agg(m.lat), array_agg(m.lng), array_agg(m.sign)) FROM (
      SELECT o."latitude"::float8 AS lat, o."longitude"::float8 AS lng, -1 AS sign, o."id" FROM old_rows o
      UNION ALL
      SELECT n."latitude"::float8, n."longitude"::float8, 1, n."id" FROM new_rows n
    ) m
    WHERE m."id" IN (SELECT o."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      WHERE (o."latitude", o."longitude") IS DISTINCT FROM (n."latitude", n."longitude"));
  ELSE
    DELETE FROM "directory"."map_cells";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recounts every cell from the profiles: the backfill below, and writers that load profiles with
-- triggers disabled (bench/search/generate.ts).
CREATE FUNCTION "directory"."refill_map_cells"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "directory"."map_cells";
  SELECT "directory"."shift_map_cells"(array_agg("latitude"::float8), array_agg("longitude"::float8), array_agg(1)) FROM "directory"."profiles";
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_map_cells_inserted" AFTER INSERT ON "directory"."profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "directory"."profiles_map_cells"();
--> statement-breakpoint
CREATE TRIGGER "profiles_map_cells_updated" AFTER UPDATE ON "directory"."profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "directory"."profiles_map_cells"();
--> statement-breakpoint
CREATE TRIGGER "profiles_map_cells_deleted" AFTER DELETE ON "directory"."profiles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "directory"."profiles_map_cells"();
--> statement-breakpoint
CREATE TRIGGER "profiles_map_cells_truncated" AFTER TRUNCATE ON "directory"."profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "directory"."profiles_map_cells"();
--> statement-breakpoint
SELECT "directory"."refill_map_cells"();
--> statement-breakpoint
CREATE INDEX "profiles_map_point_idx" ON "directory"."profiles" USING gist (point("longitude"::float8, "latitude"::float8));
