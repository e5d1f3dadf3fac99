CREATE TABLE `competition_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`competition_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `views_competition_idx` ON `competition_views` (`competition_id`);--> statement-breakpoint
CREATE INDEX `views_user_idx` ON `competition_views` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`date_of_birth` text,
	`address` text,
	`city` text,
	`postcode` text,
	`country` text DEFAULT 'United Kingdom' NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `competitions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`image` text NOT NULL,
	`category` text NOT NULL,
	`price_pence` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`draw_date` integer NOT NULL,
	`max_tickets` integer,
	`sold_tickets` integer DEFAULT 0 NOT NULL,
	`held_tickets` integer DEFAULT 0 NOT NULL,
	`next_ticket_number` integer DEFAULT 1 NOT NULL,
	`max_tickets_per_person` integer,
	`featured` integer DEFAULT false NOT NULL,
	`show_on_hero` integer DEFAULT false NOT NULL,
	`qualifying_question` text,
	`qualifying_answer` text,
	`allow_postal_entry` integer DEFAULT true NOT NULL,
	`postal_address` text,
	`prize_details` text,
	`rules` text,
	`faq` text,
	`privacy_policy_url` text,
	`terms_of_use_url` text,
	`draw_seed` text NOT NULL,
	`number_of_winners` integer DEFAULT 1 NOT NULL,
	`draw_mode` text DEFAULT 'auto' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `competitions_status_idx` ON `competitions` (`status`,`end_date`);--> statement-breakpoint
CREATE TABLE `draws` (
	`competition_id` text PRIMARY KEY NOT NULL,
	`pool` text NOT NULL,
	`pool_hash` text NOT NULL,
	`pool_size` integer NOT NULL,
	`closed_at` integer NOT NULL,
	`beacon` text,
	`winners` text,
	`drawn_at` integer,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `released_ticket_numbers` (
	`competition_id` text NOT NULL,
	`number` integer NOT NULL,
	PRIMARY KEY(`competition_id`, `number`),
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `entries` (
	`id` text PRIMARY KEY NOT NULL,
	`competition_id` text NOT NULL,
	`order_id` text,
	`user_id` text,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`answer` text,
	`ticket_count` integer NOT NULL,
	`amount_pence` integer DEFAULT 0 NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_id` text,
	`entry_method` text DEFAULT 'online' NOT NULL,
	`postal_reference` text,
	`postal_address` text,
	`postal_received_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `entries_competition_idx` ON `entries` (`competition_id`);--> statement-breakpoint
CREATE INDEX `entries_user_idx` ON `entries` (`user_id`);--> statement-breakpoint
CREATE INDEX `entries_email_idx` ON `entries` (`customer_email`);--> statement-breakpoint
CREATE INDEX `entries_order_idx` ON `entries` (`order_id`);--> statement-breakpoint
CREATE INDEX `entries_date_idx` ON `entries` (`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_pence` integer NOT NULL,
	`idempotency_key` text,
	`payment_provider` text,
	`payment_id` text,
	`card_brand` text,
	`card_last4` text,
	`failure_reason` text,
	`hold_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`hold_expires_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`competition_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`number` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_competition_number_uq` ON `tickets` (`competition_id`,`number`);--> statement-breakpoint
CREATE INDEX `tickets_entry_idx` ON `tickets` (`entry_id`);--> statement-breakpoint
CREATE TABLE `winners` (
	`id` text PRIMARY KEY NOT NULL,
	`competition_id` text NOT NULL,
	`entry_id` text,
	`ticket_number` text,
	`customer_name` text NOT NULL,
	`photo` text,
	`testimonial` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`competition_id`) REFERENCES `competitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `winners_competition_idx` ON `winners` (`competition_id`);--> statement-breakpoint
CREATE INDEX `winners_date_idx` ON `winners` (`created_at`);--> statement-breakpoint
CREATE TABLE `about_page` (
	`id` integer PRIMARY KEY NOT NULL,
	`hero_title` text NOT NULL,
	`hero_subtitle` text NOT NULL,
	`main_image` text NOT NULL,
	`main_image_alt` text NOT NULL,
	`content_paragraphs` text NOT NULL,
	`feature1_title` text NOT NULL,
	`feature1_description` text NOT NULL,
	`feature1_icon` text DEFAULT 'quality' NOT NULL,
	`feature2_title` text NOT NULL,
	`feature2_description` text NOT NULL,
	`feature2_icon` text DEFAULT 'transparency' NOT NULL,
	`feature3_title` text NOT NULL,
	`feature3_description` text NOT NULL,
	`feature3_icon` text DEFAULT 'community' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `hero_slides` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`subtitle` text,
	`description` text,
	`image` text NOT NULL,
	`cta_text` text NOT NULL,
	`cta_link` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE TABLE `popups` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`image` text,
	`cta_text` text NOT NULL,
	`cta_link` text NOT NULL,
	`display_pages` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`display_delay` integer DEFAULT 3000 NOT NULL,
	`show_frequency` text DEFAULT 'once_per_session' NOT NULL,
	`priority` integer DEFAULT 1 NOT NULL,
	`start_date` integer,
	`end_date` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`description` text,
	`category` text DEFAULT 'general' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `statistics` (
	`id` integer PRIMARY KEY NOT NULL,
	`total_winners` integer DEFAULT 0 NOT NULL,
	`total_prize_value_pence` integer DEFAULT 0 NOT NULL,
	`total_followers` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notification_receipts` (
	`notification_id` text NOT NULL,
	`user_id` text NOT NULL,
	`read_at` integer,
	`deleted_at` integer,
	PRIMARY KEY(`notification_id`, `user_id`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`user_id` text,
	`is_read` integer DEFAULT false NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`competition_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);