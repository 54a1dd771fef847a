CREATE TABLE "answer_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"field" text NOT NULL,
	"body" text NOT NULL,
	"author_id" integer,
	"author_first_name" text NOT NULL,
	"author_last_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "answer_feedback" ADD CONSTRAINT "answer_feedback_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_feedback" ADD CONSTRAINT "answer_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_feedback_student_id_day_idx" ON "answer_feedback" USING btree ("student_id","day");--> statement-breakpoint
CREATE INDEX "answer_feedback_author_id_idx" ON "answer_feedback" USING btree ("author_id");