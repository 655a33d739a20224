-- Each directory instance keeps the map's markers of the areas it serves in memory (MarkerCache);
-- these triggers tell every instance which profile's marker changed, and in which 0.25° cells it
-- was and is, as `<id> <old cell> <new cell>` on channel directory_markers (an empty cell: none).
-- Postgres delivers a notification after its transaction commits, in commit order. An update that
-- leaves the marker, its cell, its owner and the owner's privacy as they were sends nothing; a
-- TRUNCATE sends `*`: forget everything. So must any later migration that rewrites marker_json
-- for every row (a new marker_document): `SELECT pg_notify('directory_markers', '*')`. Writes made
-- with session_replication_role = replica fire no triggers, and notify no one.
CREATE FUNCTION "directory"."notify_marker_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('directory_markers', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('directory_markers', format('%s %s %s', NEW.id, NULL, NEW.geo_cell));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('directory_markers', format('%s %s %s', OLD.id, OLD.geo_cell, NULL));
  ELSIF OLD.id = NEW.id THEN
    PERFORM pg_notify('directory_markers', format('%s %s %s', NEW.id, OLD.geo_cell, NEW.geo_cell));
  ELSE
    PERFORM pg_notify('directory_markers', format('%s %s %s', OLD.id, OLD.geo_cell, NULL));
    PERFORM pg_notify('directory_markers', format('%s %s %s', NEW.id, NULL, NEW.geo_cell));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_marker_written" AFTER INSERT OR DELETE ON "directory"."profiles" FOR EACH ROW EXECUTE FUNCTION "directory"."notify_marker_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_marker_changed" AFTER UPDATE ON "directory"."profiles" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."marker_json"::text IS DISTINCT FROM NEW."marker_json"::text OR OLD."geo_cell" IS DISTINCT FROM NEW."geo_cell"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."professional_info_is_public" IS DISTINCT FROM NEW."professional_info_is_public")
  EXECUTE FUNCTION "directory"."notify_marker_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_markers_truncated" AFTER TRUNCATE ON "directory"."profiles" FOR EACH STATEMENT EXECUTE FUNCTION "directory"."notify_marker_change"();
