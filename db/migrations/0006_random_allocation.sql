CREATE TABLE `ticket_slots` (
	`competition_id` text NOT NULL,
	`position` integer NOT NULL,
	`number` integer NOT NULL,
	PRIMARY KEY(`competition_id`, `position`),
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `competitions` ADD `allocation` text DEFAULT 'sequential' NOT NULL;