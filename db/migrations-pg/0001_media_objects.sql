CREATE TABLE "media_chunks" (
	"upload_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "media_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"content_type" text NOT NULL,
	"cleaned" boolean DEFAULT false NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
