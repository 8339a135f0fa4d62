CREATE TABLE "data_export_file_chunks" (
	"export_id" uuid NOT NULL,
	"attempt" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "data_export_file_chunks_export_id_attempt_seq_pk" PRIMARY KEY("export_id","attempt","seq")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_attempt" uuid,
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	CONSTRAINT "data_exports_status" CHECK (status IN ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_export_file_chunks" ADD CONSTRAINT "data_export_file_chunks_export_id_data_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."data_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_created_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_in_preparation" ON "data_exports" USING btree ("user_id") WHERE status IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at") WHERE purged_at IS NULL;--> statement-breakpoint
ALTER TABLE "data_export_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
