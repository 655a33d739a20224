CREATE SCHEMA IF NOT EXISTS "directory";
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "directory"."search_document"(doc text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT v || array_to_tsvector(ARRAY(
    SELECT DISTINCT left(w, n) FROM unnest(tsvector_to_array(v)) AS w, generate_series(3, least(8, length(w) - 1)) AS n))
  FROM (SELECT to_tsvector('simple'::regconfig, translate(doc, '-./@_:#+', '        ')) AS v) AS words
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "directory"."cell_document"(doc tsvector, cell integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(SELECT '~' || cell || '~' || w FROM unnest(tsvector_to_array(doc)) AS w WHERE cell IS NOT NULL))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "directory"."marker_document"(
  id uuid, user_id text, name text, title text, latitude numeric, longitude numeric, average_rating numeric, review_count integer,
  is_service_provider boolean, is_non_profit boolean, is_political_candidate boolean, is_community_member boolean, skills json) RETURNS json
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN skills IS NULL THEN
    json_build_object('id', id, 'userId', user_id, 'name', name, 'title', title, 'latitude', latitude::text, 'longitude', longitude::text,
      'averageRating', average_rating::text, 'reviewCount', review_count, 'isServiceProvider', is_service_provider, 'isNonProfit', is_non_profit,
      'isPoliticalCandidate', is_political_candidate, 'isCommunityMember', is_community_member)
  ELSE
    json_build_object('id', id, 'userId', user_id, 'name', name, 'title', title, 'latitude', latitude::text, 'longitude', longitude::text,
      'averageRating', average_rating::text, 'reviewCount', review_count, 'isServiceProvider', is_service_provider, 'isNonProfit', is_non_profit,
      'isPoliticalCandidate', is_political_candidate, 'isCommunityMember', is_community_member, 'skills', skills)
  END
$$;
--> statement-breakpoint
CREATE TABLE "directory"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempted_at" timestamp (3) with time zone,
	"last_error" text,
	"published_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "directory"."processed_events" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"processed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
--> statement-breakpoint
CREATE TABLE "directory"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text,
	"bio" text,
	"phone" text,
	"website" text,
	"business_hours" text,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"address" text,
	"is_service_provider" boolean DEFAULT false NOT NULL,
	"is_non_profit" boolean DEFAULT false NOT NULL,
	"is_political_candidate" boolean DEFAULT false NOT NULL,
	"is_community_member" boolean DEFAULT false NOT NULL,
	"experience" text,
	"passions" text,
	"causes" text,
	"favorite_local_businesses" text,
	"favorite_books" text,
	"open_to_employment" boolean DEFAULT false NOT NULL,
	"open_to_apprenticeship" boolean DEFAULT false NOT NULL,
	"open_to_mentoring" boolean DEFAULT false NOT NULL,
	"open_to_volunteering" boolean DEFAULT false NOT NULL,
	"open_to_running_for_office" boolean DEFAULT false NOT NULL,
	"open_to_collaborating" boolean DEFAULT false NOT NULL,
	"sells_products" boolean DEFAULT false NOT NULL,
	"provides_service" boolean DEFAULT false NOT NULL,
	"has_property_for_rent" boolean DEFAULT false NOT NULL,
	"has_property_for_sale" boolean DEFAULT false NOT NULL,
	"open_to_rideshare" boolean DEFAULT false NOT NULL,
	"open_to_teaching_tutoring" boolean DEFAULT false NOT NULL,
	"open_to_babysitting" boolean DEFAULT false NOT NULL,
	"medical_hardship" boolean DEFAULT false NOT NULL,
	"financial_hardship" boolean DEFAULT false NOT NULL,
	"mental_health_hardship" boolean DEFAULT false NOT NULL,
	"faith_hardship" boolean DEFAULT false NOT NULL,
	"contact_info_is_public" boolean DEFAULT true NOT NULL,
	"personal_interests_is_public" boolean DEFAULT true NOT NULL,
	"hardships_is_public" boolean DEFAULT true NOT NULL,
	"professional_info_is_public" boolean DEFAULT true NOT NULL,
	"opportunities_is_public" boolean DEFAULT true NOT NULL,
	"testimonials_is_public" boolean DEFAULT true NOT NULL,
	"items_for_sale_is_public" boolean DEFAULT true NOT NULL,
	"events_is_public" boolean DEFAULT true NOT NULL,
	"political_info_is_public" boolean DEFAULT true NOT NULL,
	"business_info_is_public" boolean DEFAULT true NOT NULL,
	"campaign_platform" text,
	"donor_information" text,
	"looking_for_campaign_help" boolean DEFAULT false NOT NULL,
	"business_name" text,
	"years_in_business" integer,
	"license_number" text,
	"insurance_info" text,
	"payment_methods_accepted" text[] DEFAULT '{}' NOT NULL,
	"service_area" text,
	"employee_count" integer,
	"looking_for" text[] DEFAULT '{}' NOT NULL,
	"business_values" text[] DEFAULT '{}' NOT NULL,
	"nonprofit_values" text[] DEFAULT '{}' NOT NULL,
	"values" text,
	"average_rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"member_name" text,
	"skill_text" text DEFAULT '' NOT NULL,
	"skill_category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"skill_summary" json DEFAULT '[]'::json NOT NULL,
	"cert_text" text DEFAULT '' NOT NULL,
	"user_skills_json" json DEFAULT '[]'::json NOT NULL,
	"certifications_json" json DEFAULT '[]'::json NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower("member_name")) STORED,
	"geo" "earth" GENERATED ALWAYS AS (ll_to_earth("latitude"::float8, "longitude"::float8)) STORED,
	"geo_cell" integer GENERATED ALWAYS AS ((floor("latitude" * 4)::int * 2000 + floor("longitude" * 4)::int)) STORED,
	"name_tsv" "tsvector" GENERATED ALWAYS AS ("directory"."search_document"(coalesce("member_name", ''))) STORED NOT NULL,
	"skills_tsv" "tsvector" GENERATED ALWAYS AS ("directory"."search_document"((CASE WHEN "professional_info_is_public" THEN "skill_text" ELSE '' END))) STORED NOT NULL,
	"credentials_tsv" "tsvector" GENERATED ALWAYS AS ("directory"."search_document"((CASE WHEN "professional_info_is_public" THEN "cert_text" ELSE '' END) || ' ' || (CASE WHEN "business_info_is_public" THEN coalesce("license_number", '') ELSE '' END))) STORED NOT NULL,
	"business_tsv" "tsvector" GENERATED ALWAYS AS ("directory"."search_document"((CASE WHEN "is_service_provider" AND "business_info_is_public" THEN coalesce("business_name", '') || ' ' || coalesce("service_area", '') ELSE '' END))) STORED NOT NULL,
	"vocation_tsv" "tsvector" GENERATED ALWAYS AS ("directory"."search_document"(coalesce("title", '') || ' ' || (CASE WHEN "professional_info_is_public" THEN coalesce("experience", '') || ' ' || "skill_text" ELSE '' END))) STORED NOT NULL,
	"all_tsv" "tsvector" GENERATED ALWAYS AS ("directory"."search_document"(coalesce("member_name", '') || ' ' || coalesce("title", '') || ' ' || coalesce("bio", '') || ' ' || (CASE WHEN "contact_info_is_public" THEN coalesce("address", '') || ' ' || coalesce("phone", '') || ' ' || coalesce("website", '') ELSE '' END) || ' ' || (CASE WHEN "personal_interests_is_public" THEN coalesce("passions", '') || ' ' || coalesce("causes", '') || ' ' || coalesce("favorite_local_businesses", '') || ' ' || coalesce("favorite_books", '') ELSE '' END) || ' ' || (CASE WHEN "professional_info_is_public" THEN coalesce("experience", '') || ' ' || "skill_text" || ' ' || "cert_text" ELSE '' END) || ' ' || (CASE WHEN "political_info_is_public" THEN coalesce("campaign_platform", '') ELSE '' END) || ' ' || (CASE WHEN "business_info_is_public" THEN coalesce("business_name", '') || ' ' || coalesce("service_area", '') || ' ' || coalesce("license_number", '') || ' ' || coalesce("values", '') ELSE '' END))) STORED NOT NULL,
	"marker_json" json GENERATED ALWAYS AS ("directory"."marker_document"("id", "user_id", "member_name", "title", "latitude", "longitude", "average_rating", "review_count", "is_service_provider", "is_non_profit", "is_political_candidate", "is_community_member", (CASE WHEN "professional_info_is_public" THEN "skill_summary" END))) STORED NOT NULL,
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."skill_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"icon" varchar(50),
	"color" varchar(7),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skill_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "directory"."skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_category_name_unique" UNIQUE("category_id","name")
);
--> statement-breakpoint
CREATE TABLE "directory"."user_skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"years_experience" integer,
	"hourly_rate" numeric(10, 2),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_skills_profile_skill_unique" UNIQUE("profile_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"issuer" varchar(200),
	"license_number" varchar(100),
	"issue_date" date,
	"expiry_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reviewer_id" text NOT NULL,
	"reviewee_id" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"service_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_reviewer_reviewee_unique" UNIQUE("reviewer_id","reviewee_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("directory"."reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_not_self" CHECK ("directory"."reviews"."reviewer_id" <> "directory"."reviews"."reviewee_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"profile_user_id" text NOT NULL,
	"content" text NOT NULL,
	"relationship" varchar(100),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testimonials_author_subject_unique" UNIQUE("author_id","profile_user_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."favorite_businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_user_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_businesses_user_business_unique" UNIQUE("user_id","business_user_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."business_referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" text NOT NULL,
	"business_name" varchar(200) NOT NULL,
	"business_type" varchar(100),
	"contact_info" text,
	"reason" text,
	"address" text,
	"phone" text,
	"website" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."proposed_legislation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"document_urls" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory"."skills" ADD CONSTRAINT "skills_category_id_skill_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "directory"."skill_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory"."user_skills" ADD CONSTRAINT "user_skills_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "directory"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory"."user_skills" ADD CONSTRAINT "user_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "directory"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory"."certifications" ADD CONSTRAINT "certifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "directory"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "directory"."outbox" USING btree ("created_at") WHERE "directory"."outbox"."published_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "directory"."outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_geo_idx" ON "directory"."profiles" USING gist ("geo");--> statement-breakpoint
CREATE INDEX "profiles_geo_cell_idx" ON "directory"."profiles" USING btree ("geo_cell");--> statement-breakpoint
CREATE INDEX "profiles_rating_idx" ON "directory"."profiles" USING btree ("average_rating" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "profiles_name_idx" ON "directory"."profiles" USING btree ("name_key","id");--> statement-breakpoint
CREATE INDEX "profiles_name_tsv_idx" ON "directory"."profiles" USING gin ("name_tsv");--> statement-breakpoint
CREATE INDEX "profiles_skills_tsv_idx" ON "directory"."profiles" USING gin ("skills_tsv");--> statement-breakpoint
CREATE INDEX "profiles_credentials_tsv_idx" ON "directory"."profiles" USING gin ("credentials_tsv");--> statement-breakpoint
CREATE INDEX "profiles_business_tsv_idx" ON "directory"."profiles" USING gin ("business_tsv");--> statement-breakpoint
CREATE INDEX "profiles_vocation_tsv_idx" ON "directory"."profiles" USING gin ("vocation_tsv");--> statement-breakpoint
CREATE INDEX "profiles_all_tsv_idx" ON "directory"."profiles" USING gin ("all_tsv");--> statement-breakpoint
CREATE INDEX "profiles_all_cells_idx" ON "directory"."profiles" USING gin ("directory"."cell_document"("all_tsv", "geo_cell"));--> statement-breakpoint
CREATE INDEX "user_skills_skill_idx" ON "directory"."user_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "certifications_profile_idx" ON "directory"."certifications" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_created_idx" ON "directory"."reviews" USING btree ("reviewee_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "testimonials_subject_created_idx" ON "directory"."testimonials" USING btree ("profile_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favorite_businesses_user_created_idx" ON "directory"."favorite_businesses" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "business_referrals_referrer_name_unique" ON "directory"."business_referrals" USING btree ("referrer_id",lower("business_name"));--> statement-breakpoint
CREATE INDEX "business_referrals_referrer_created_idx" ON "directory"."business_referrals" USING btree ("referrer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposed_legislation_user_created_idx" ON "directory"."proposed_legislation" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);