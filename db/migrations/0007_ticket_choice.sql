CREATE TABLE `ticket_blocks` (
	`competition_id` text NOT NULL,
	`block` integer NOT NULL,
	`taken` integer NOT NULL,
	PRIMARY KEY(`competition_id`, `block`),
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `competitions` ADD `pick_numbers` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `competitions` ADD `price_tiers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `saving_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO `ticket_blocks` (`competition_id`, `block`, `taken`)
SELECT t.`competition_id`, (CAST(t.`number` AS INTEGER) - 1) / 1000, count(*)
FROM `tickets` t JOIN `competitions` c ON c.`id` = t.`competition_id`
WHERE c.`allocation` = 'random'
GROUP BY t.`competition_id`, (CAST(t.`number` AS INTEGER) - 1) / 1000;
