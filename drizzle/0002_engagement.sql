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
CREATE INDEX "account_analytics_account_idx" ON "account_analytics" USING btree ("social_account_id","created_at");--> statement-breakpoint
CREATE INDEX "forced_analytics_refreshes_window_idx" ON "forced_analytics_refreshes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "post_analytics_profile_post_idx" ON "post_analytics" USING btree ("profile_post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_posts_account_external_unique" ON "profile_posts" USING btree ("social_account_id","external_id");--> statement-breakpoint
CREATE INDEX "profile_posts_post_idx" ON "profile_posts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_organization_idx" ON "credit_ledger" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_dedupe_unique" ON "credit_ledger" USING btree ("organization_id","dedupe_key");