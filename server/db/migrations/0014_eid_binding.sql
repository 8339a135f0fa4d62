CREATE TABLE "eid_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"pseudonym_hash" text NOT NULL,
	"document_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"bound_at" timestamp with time zone,
	CONSTRAINT "eid_bindings_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "eid_bindings_pseudonym_hash_unique" UNIQUE("pseudonym_hash")
);
--> statement-breakpoint
CREATE TABLE "eid_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"answer" jsonb
);
--> statement-breakpoint
CREATE TABLE "eid_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"given_names" text,
	"family_name" text,
	"birth_date" date,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "eid_bindings" ADD CONSTRAINT "eid_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eid_sessions" ADD CONSTRAINT "eid_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eid_reviews" ADD CONSTRAINT "eid_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eid_reviews" ADD CONSTRAINT "eid_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eid_sessions_user_idx" ON "eid_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "eid_sessions_expires_idx" ON "eid_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "eid_reviews_open_user_idx" ON "eid_reviews" USING btree ("user_id") WHERE "eid_reviews"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "eid_reviews_open_created_idx" ON "eid_reviews" USING btree ("created_at") WHERE "eid_reviews"."decided_at" is null;