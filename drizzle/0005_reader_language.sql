ALTER TABLE "classes" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "module_responses" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;