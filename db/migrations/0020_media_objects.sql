CREATE TABLE `media_chunks` (
	`upload_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`upload_id`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `media_objects` (
	`key` text PRIMARY KEY NOT NULL,
	`upload_id` text NOT NULL,
	`content_type` text NOT NULL,
	`cleaned` integer DEFAULT false NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL
);
