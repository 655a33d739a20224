CREATE TABLE "social"."survey_answer_counts" (
	"survey_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "survey_answer_counts_survey_id_question_id_answer_pk" PRIMARY KEY("survey_id","question_id","answer"),
	CONSTRAINT "survey_answer_counts_count_check" CHECK ("social"."survey_answer_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "social"."surveys" ADD COLUMN "response_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "social"."survey_answer_counts" ADD CONSTRAINT "survey_answer_counts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "social"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social"."surveys" ADD CONSTRAINT "surveys_response_count_check" CHECK ("social"."surveys"."response_count" >= 0);--> statement-breakpoint
-- Existing responses are counted once here (the same keys as `tallyKeys` in surveys/repository.ts);
-- from then on the service keeps both totals in the transaction that stores or erases a response.
UPDATE "social"."surveys" s SET "response_count" = g.n
FROM (SELECT "survey_id", count(*)::int AS n FROM "social"."survey_responses" GROUP BY "survey_id") g
WHERE s."id" = g."survey_id";--> statement-breakpoint
INSERT INTO "social"."survey_answer_counts" ("survey_id", "question_id", "answer", "count")
SELECT r."survey_id", q ->> 'id', CASE WHEN q ->> 'type' = 'text' THEN '' ELSE r."answers" ->> (q ->> 'id') END, count(*)::int
FROM "social"."survey_responses" r
JOIN "social"."surveys" s ON s."id" = r."survey_id"
CROSS JOIN LATERAL jsonb_array_elements(s."questions") q
WHERE r."answers" ? (q ->> 'id')
GROUP BY 1, 2, 3;
