ALTER TABLE `orders` ADD `reference` text GENERATED ALWAYS AS (upper(substr(id, -8))) VIRTUAL;--> statement-breakpoint
CREATE INDEX `orders_reference_idx` ON `orders` (`reference`);