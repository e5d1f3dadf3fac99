ALTER TABLE `orders` ADD `credit_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wallet_entries` ADD `expires_at` integer;