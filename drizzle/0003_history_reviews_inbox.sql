CREATE TABLE "import_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"external_account_id" text NOT NULL,
	"month" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_import_limits" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"monthly_limit_per_account" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"platform" text NOT NULL,
	"requested_count" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"items_imported" integer DEFAULT 0 NOT NULL,
	"items_refreshed" integer DEFAULT 0 NOT NULL,
	"page_token" text,
	"reached_end" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rate_limit_reset_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"open_graph_story_id" text,
	"reviewer_display_name" text,
	"reviewer_profile_photo_url" text,
	"rating" integer,
	"recommendation_value" text,
	"comment" text,
	"has_media" boolean DEFAULT false NOT NULL,
	"media_summary" jsonb,
	"reply_comment" text,
	"reply_external_id" text,
	"reply_updated_at" timestamp with time zone,
	"reply_state" text,
	"reply_policy_violation" text,
	"reply_url" text,
	"create_time" timestamp with time zone,
	"update_time" timestamp with time zone,
	"imported_at" timestamp with time zone,
	"counted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"platform" text NOT NULL,
	"place_external_id" text NOT NULL,
	"external_id" text NOT NULL,
	"reviewer_external_id" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"rating" integer,
	"recommendation_value" text,
	"comment" text,
	"has_media" boolean DEFAULT false NOT NULL,
	"reply_comment" text,
	"reply_external_id" text,
	"reply_updated_at" timestamp with time zone,
	"reply_state" text,
	"reply_policy_violation" text,
	"reply_live_at" timestamp with time zone,
	"thread" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_history_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"platform" text NOT NULL,
	"requested_count" integer NOT NULL,
	"with_analytics" boolean NOT NULL,
	"import_carousels" boolean NOT NULL,
	"only_latest" boolean NOT NULL,
	"surface" text NOT NULL,
	"media_type" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"posts_imported" integer DEFAULT 0 NOT NULL,
	"posts_refreshed" integer DEFAULT 0 NOT NULL,
	"analytics_imported" integer DEFAULT 0 NOT NULL,
	"progress" jsonb DEFAULT '{"cursor":null,"checked":0,"postsDone":false}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rate_limit_reset_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"platform" text NOT NULL,
	"external_conversation_id" text NOT NULL,
	"external_participant_id" text NOT NULL,
	"participant_username" text DEFAULT '' NOT NULL,
	"participant_display_name" text DEFAULT '' NOT NULL,
	"participant_avatar_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_read_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"platform_seen_at" timestamp with time zone,
	"last_inbound_at" timestamp with time zone,
	"can_reply" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"social_account_id" text NOT NULL,
	"platform" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"external_message_id" text,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error" text,
	"reply_to" jsonb,
	"private_reply_context" jsonb,
	"platform_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_usage" (
	"social_account_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"month" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_reply_claims" (
	"fetched_comment_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"state" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_posts" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "profile_posts" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "profile_posts" ADD COLUMN "is_short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_usage" ADD CONSTRAINT "import_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_import_limits" ADD CONSTRAINT "review_import_limits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_imports" ADD CONSTRAINT "review_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_imports" ADD CONSTRAINT "review_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_imports" ADD CONSTRAINT "review_imports_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_reviews" ADD CONSTRAINT "sandbox_reviews_profile_id_sandbox_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."sandbox_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_history_imports" ADD CONSTRAINT "post_history_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_history_imports" ADD CONSTRAINT "post_history_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_history_imports" ADD CONSTRAINT "post_history_imports_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_usage" ADD CONSTRAINT "messaging_usage_social_account_id_social_accounts_id_fk" FOREIGN KEY ("social_account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_usage" ADD CONSTRAINT "messaging_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_reply_claims" ADD CONSTRAINT "private_reply_claims_fetched_comment_id_fetched_comments_id_fk" FOREIGN KEY ("fetched_comment_id") REFERENCES "public"."fetched_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_reply_claims" ADD CONSTRAINT "private_reply_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_usage_account_month_unique" ON "import_usage" USING btree ("organization_id","kind","platform","external_account_id","month");--> statement-breakpoint
CREATE INDEX "review_imports_team_idx" ON "review_imports" USING btree ("organization_id","team_id","platform","created_at");--> statement-breakpoint
CREATE INDEX "review_imports_account_idx" ON "review_imports" USING btree ("social_account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_account_external_unique" ON "reviews" USING btree ("social_account_id","external_id");--> statement-breakpoint
CREATE INDEX "reviews_team_idx" ON "reviews" USING btree ("organization_id","team_id","platform","create_time");--> statement-breakpoint
CREATE INDEX "reviews_counted_idx" ON "reviews" USING btree ("social_account_id","counted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_reviews_external_unique" ON "sandbox_reviews" USING btree ("profile_id","external_id");--> statement-breakpoint
CREATE INDEX "sandbox_reviews_place_idx" ON "sandbox_reviews" USING btree ("profile_id","place_external_id","create_time");--> statement-breakpoint
CREATE INDEX "post_history_imports_team_idx" ON "post_history_imports" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "post_history_imports_account_idx" ON "post_history_imports" USING btree ("social_account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_account_participant_unique" ON "conversations" USING btree ("social_account_id","external_participant_id");--> statement-breakpoint
CREATE INDEX "conversations_team_activity_idx" ON "conversations" USING btree ("organization_id","team_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "conversations_activity_idx" ON "conversations" USING btree ("last_activity_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_external_unique" ON "messages" USING btree ("social_account_id","external_message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_usage_account_month_unique" ON "messaging_usage" USING btree ("social_account_id","month");