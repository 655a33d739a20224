-- Great-circle metres between two earth points, exactly as earthdistance's earth_distance works
-- them out (sec_to_gc of the chord: 2R·asin(chord / 2R), πR past the antipode), but written so
-- Postgres inlines it. earth_distance calls sec_to_gc, which names its argument three times, so
-- the planner runs it through the SQL-function executor, several microseconds a row; a search
-- tests the exact radius on hundreds of rows (docs/benchmarks.md, Search).
-- cube_distance(a, b) >= 0, so sec_to_gc's first branch (negative chords) never applies, and
-- 2R·asin(1) is πR to the last bit. R is earth()'s 6378168.
CREATE FUNCTION "directory"."great_circle_metres"(a cube, b cube) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 12756336::float8 * asin(least(cube_distance(a, b) / 12756336::float8, 1::float8)) $$;
--> statement-breakpoint
-- Each directory instance keeps search results as others see them in memory (ItemCache); these
-- triggers name, on channel directory_items, the profile whose result may have changed: after a
-- write to any column a result shows, to the member's name, email or picture in the users
-- projection, or a delete; `*` after a TRUNCATE of either table (forget everything). So must a later
-- migration that rewrites results for every row. Delivered after commit, in commit order.
CREATE FUNCTION "directory"."notify_item_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('directory_items', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('directory_items', p.id::text) FROM "directory"."profiles" p
      WHERE p.user_id IN ((CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.id END), (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.id END));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('directory_items', OLD.id::text);
  ELSE
    PERFORM pg_notify('directory_items', OLD.id::text);
    IF NEW.id IS DISTINCT FROM OLD.id THEN
      PERFORM pg_notify('directory_items', NEW.id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_item_deleted" AFTER DELETE ON "directory"."profiles" FOR EACH ROW EXECUTE FUNCTION "directory"."notify_item_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_item_changed" AFTER UPDATE ON "directory"."profiles" FOR EACH ROW
  WHEN ((OLD."id", OLD."user_id", OLD."title", OLD."bio", OLD."address", OLD."phone", OLD."website", OLD."business_hours",
         OLD."latitude", OLD."longitude", OLD."average_rating", OLD."review_count", OLD."is_service_provider", OLD."is_non_profit",
         OLD."is_political_candidate", OLD."is_community_member", OLD."professional_info_is_public", OLD."contact_info_is_public",
         OLD."user_skills_json"::text, OLD."certifications_json"::text)
    IS DISTINCT FROM
        (NEW."id", NEW."user_id", NEW."title", NEW."bio", NEW."address", NEW."phone", NEW."website", NEW."business_hours",
         NEW."latitude", NEW."longitude", NEW."average_rating", NEW."review_count", NEW."is_service_provider", NEW."is_non_profit",
         NEW."is_political_candidate", NEW."is_community_member", NEW."professional_info_is_public", NEW."contact_info_is_public",
         NEW."user_skills_json"::text, NEW."certifications_json"::text))
  EXECUTE FUNCTION "directory"."notify_item_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_items_truncated" AFTER TRUNCATE ON "directory"."profiles" FOR EACH STATEMENT EXECUTE FUNCTION "directory"."notify_item_change"();
--> statement-breakpoint
CREATE TRIGGER "users_item_written" AFTER INSERT OR DELETE ON "directory"."users" FOR EACH ROW EXECUTE FUNCTION "directory"."notify_item_change"();
--> statement-breakpoint
CREATE TRIGGER "users_item_changed" AFTER UPDATE ON "directory"."users" FOR EACH ROW
  WHEN ((OLD."id", OLD."first_name", OLD."last_name", OLD."email", OLD."profile_image_url")
    IS DISTINCT FROM (NEW."id", NEW."first_name", NEW."last_name", NEW."email", NEW."profile_image_url"))
  EXECUTE FUNCTION "directory"."notify_item_change"();
--> statement-breakpoint
CREATE TRIGGER "users_items_truncated" AFTER TRUNCATE ON "directory"."users" FOR EACH STATEMENT EXECUTE FUNCTION "directory"."notify_item_change"();
