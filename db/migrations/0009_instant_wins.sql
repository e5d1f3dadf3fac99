CREATE TABLE `instant_prizes` (
	`id` text PRIMARY KEY NOT NULL,
	`competition_id` text NOT NULL,
	`unit_index` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`value_pence` integer NOT NULL,
	`ticket_number` text NOT NULL,
	`salt` text NOT NULL,
	`commitment` text NOT NULL,
	`won_entry_id` text,
	`winner_display_name` text,
	`won_at` integer,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`won_entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instant_prizes_number_uq` ON `instant_prizes` (`competition_id`,`ticket_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `instant_prizes_unit_uq` ON `instant_prizes` (`competition_id`,`unit_index`);--> statement-breakpoint
CREATE INDEX `instant_prizes_entry_idx` ON `instant_prizes` (`won_entry_id`);--> statement-breakpoint
ALTER TABLE `competitions` ADD `instant_commitment_root` text;--> statement-breakpoint
ALTER TABLE `competitions` ADD `instant_committed_at` integer;--> statement-breakpoint
ALTER TABLE `competitions` ADD `instant_winners_in_draw` integer DEFAULT true NOT NULL;