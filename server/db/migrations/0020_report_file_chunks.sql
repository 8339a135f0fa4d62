CREATE TABLE "report_file_chunks" (
	"report_id" uuid NOT NULL,
	"attempt" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "report_file_chunks_report_id_attempt_seq_pk" PRIMARY KEY("report_id","attempt","seq")
);
--> statement-breakpoint
ALTER TABLE "identification_reports" ADD COLUMN "file_attempt" uuid;--> statement-breakpoint
ALTER TABLE "report_file_chunks" ADD CONSTRAINT "report_file_chunks_report_id_identification_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."identification_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written after drizzle-kit: a ZIP does not shrink again, so TOAST stores the chunks
-- without trying to compress them.
ALTER TABLE "report_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Reports built before this version lie as files in the old REPORTS_DIR, which nothing reads any
-- more: they become Failed, so the page offers 'Erneut anfordern' instead of a download that
-- could only answer 404. Their last change stays as it was (the retention counts from it).
UPDATE "identification_reports" SET "state" = 'Failed' WHERE "state" = 'Completed';
