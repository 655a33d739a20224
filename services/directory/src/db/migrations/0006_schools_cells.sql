-- The Schools tab's profiles by grid cell, with the sort keys and the point, so schools inside a
-- radius are read from this index alone (ScopeRule.collectInRadius): its predicate is the tab's
-- own condition (SCHOOLS_PREDICATE). Before, a search by rating or name with no words walked 4,000
-- rows of the sort's index and then read every profile in the radius: 200-465 ms in Chicago over
-- 1,000,000 generated profiles, 10 ms with it. 15 MB for their 153,046 schools, built in about 2 s;
-- writes to profiles wait while it builds.
CREATE INDEX "profiles_schools_cells_idx" ON "directory"."profiles" USING btree ("geo_cell","average_rating","name_key","id","geo") WHERE (("all_tsv" @@ to_tsquery('simple', 'school | academ | tutor | education:* | preschool:* | montessori:* | college | universit:* | teacher | classroom:* | kindergarten:*')) OR ("opportunities_is_public" AND "open_to_teaching_tutoring"));