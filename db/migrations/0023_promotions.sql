CREATE TABLE `discount_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`min_spend_pence` integer,
	`competition_ids` text DEFAULT '[]' NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`max_uses` integer,
	`max_uses_per_customer` integer,
	`first_order_only` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`used_count` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE INDEX `discount_codes_created_idx` ON `discount_codes` (`created_at`);--> statement-breakpoint
CREATE TABLE `discount_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`code_id` text NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_redemptions_order_id_unique` ON `discount_redemptions` (`order_id`);--> statement-breakpoint
CREATE INDEX `discount_redemptions_code_email_idx` ON `discount_redemptions` (`code_id`,`email`);--> statement-breakpoint
CREATE INDEX `discount_redemptions_code_user_idx` ON `discount_redemptions` (`code_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`referred_id` text NOT NULL,
	`status` text DEFAULT 'joined' NOT NULL,
	`order_id` text,
	`qualifies_at` integer,
	`referrer_reward_pence` integer DEFAULT 0 NOT NULL,
	`referred_reward_pence` integer DEFAULT 0 NOT NULL,
	`rewarded_at` integer,
	`void_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referred_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_referred_id_unique` ON `referrals` (`referred_id`);--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_due_idx` ON `referrals` (`status`,`qualifies_at`);--> statement-breakpoint
CREATE INDEX `referrals_order_idx` ON `referrals` (`order_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `referral_code` text GENERATED ALWAYS AS (lower(substr(id, -10))) VIRTUAL;--> statement-breakpoint
CREATE INDEX `users_referral_code_idx` ON `users` (`referral_code`);--> statement-breakpoint
ALTER TABLE `entries` ADD `discount_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `card_fingerprint` text;