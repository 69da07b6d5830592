CREATE TABLE "account_analytics" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"impressions" integer NOT NULL,
	"impressions_unique" integer NOT NULL,
	"views" integer NOT NULL,
	"views_unique" integer NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"post_count" integer NOT NULL,
	"followers" integer NOT NULL,
	"following" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"forced" boolean NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forced_analytics_refreshes" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_analytics" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"profile_post_id" text NOT NULL,
	"impressions" integer NOT NULL,
	"impressions_unique" integer NOT NULL,
	"views" integer NOT NULL,
	"views_unique" integer NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"dislikes" integer NOT NULL,
	"shares" integer NOT NULL,
	"saves" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"forced" boolean NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"post_id" text,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text,
	"description" text,
	"small_thumbnail" text,
	"thumbnail" text,
	"permalink" text,
	"extra_data" jsonb,
	"subreddit" text,
	"published_at" timestamp with time zone,
	"type" text DEFAULT 'POST' NOT NULL,
	"internal" boolean NOT NULL,
	"imported_at" timestamp with time zone,
	"externally_deleted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"low_balance_threshold_micros" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"action" text,
	"amount_micros" bigint NOT NULL,
	"status" text DEFAULT 'COMPLETED' NOT NULL,
	"dedupe_key" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"post_id" text NOT NULL,
	"platform" text NOT NULL,
	"trigger" text DEFAULT 'MANUAL' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"comments_imported" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rate_limit_reset_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_targets" (
	"id" text PRIMARY KEY NOT NULL,
	"comment_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"platform" text NOT NULL,
	"social_account_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"intent_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"external_data" jsonb,
	"error" text,
	"error_verbose" jsonb,
	"next_attempt_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"internal_post_id" text,
	"imported_post_id" text,
	"internal_parent_comment_id" text,
	"fetched_parent_comment_id" text,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"post_date" timestamp with time zone NOT NULL,
	"posted_date" timestamp with time zone,
	"platforms" text[] NOT NULL,
	"data" jsonb NOT NULL,
	"source" text DEFAULT 'API' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"error" text,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"due_at" timestamp with time zone,
	"counted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fetched_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"post_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"import_id" text NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"external_parent_id" text,
	"external_post_id" text,
	"author_name" text,
	"author_external_id" text,
	"author_profile_url" text,
	"author_avatar_url" text,
	"text" text,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"platform_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "analytics_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "analytics_posts_disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "analytics_interval" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "analytics_posts_interval" integer;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_analytics" ADD CONSTRAINT "account_analytics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_analytics" ADD CONSTRAINT "account_analytics_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forced_analytics_refreshes" ADD CONSTRAINT "forced_analytics_refreshes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_analytics" ADD CONSTRAINT "post_analytics_profile_post_id_profile_posts_id_fk" FOREIGN KEY ("profile_post_id") REFERENCES "public"."profile_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_posts" ADD CONSTRAINT "profile_posts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_posts" ADD CONSTRAINT "profile_posts_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_posts" ADD CONSTRAINT "profile_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_imports" ADD CONSTRAINT "comment_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_imports" ADD CONSTRAINT "comment_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_imports" ADD CONSTRAINT "comment_imports_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_imports" ADD CONSTRAINT "comment_imports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_targets" ADD CONSTRAINT "comment_targets_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_targets" ADD CONSTRAINT "comment_targets_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_internal_post_id_posts_id_fk" FOREIGN KEY ("internal_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fetched_comments" ADD CONSTRAINT "fetched_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fetched_comments" ADD CONSTRAINT "fetched_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fetched_comments" ADD CONSTRAINT "fetched_comments_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fetched_comments" ADD CONSTRAINT "fetched_comments_import_id_comment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."comment_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_analytics_account_idx" ON "account_analytics" USING btree ("social_account_id","created_at");--> statement-breakpoint
CREATE INDEX "forced_analytics_refreshes_window_idx" ON "forced_analytics_refreshes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "post_analytics_profile_post_idx" ON "post_analytics" USING btree ("profile_post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_posts_account_external_unique" ON "profile_posts" USING btree ("social_account_id","external_id");--> statement-breakpoint
CREATE INDEX "profile_posts_post_idx" ON "profile_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_organization_idx" ON "credit_ledger" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_dedupe_unique" ON "credit_ledger" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "comment_imports_team_idx" ON "comment_imports" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "comment_imports_webhook_unique" ON "comment_imports" USING btree ("social_account_id","post_id") WHERE "comment_imports"."trigger" = 'WEBHOOK';--> statement-breakpoint
CREATE UNIQUE INDEX "comment_targets_comment_platform_unique" ON "comment_targets" USING btree ("comment_id","platform");--> statement-breakpoint
CREATE INDEX "comments_team_created_idx" ON "comments" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_organization_counted_idx" ON "comments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("internal_post_id");--> statement-breakpoint
CREATE INDEX "comments_due_idx" ON "comments" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fetched_comments_account_external_unique" ON "fetched_comments" USING btree ("social_account_id","external_id");--> statement-breakpoint
CREATE INDEX "fetched_comments_post_idx" ON "fetched_comments" USING btree ("post_id","published_at");