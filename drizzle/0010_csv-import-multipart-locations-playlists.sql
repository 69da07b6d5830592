CREATE TABLE "upload_multipart_sessions" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"storage_upload_id" text,
	"part_size" bigint NOT NULL,
	"part_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gbp_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"location" jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"food_menus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"place_action_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_youtube_playlist_items" (
	"id" text PRIMARY KEY NOT NULL,
	"playlist_id" text NOT NULL,
	"external_id" text NOT NULL,
	"video_external_id" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_youtube_playlists" (
	"id" text PRIMARY KEY NOT NULL,
	"profile_id" text NOT NULL,
	"channel_external_id" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"privacy_status" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "post_csv_import_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"import_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reference_key" text NOT NULL,
	"raw_row" jsonb NOT NULL,
	"normalized_payload" jsonb,
	"fetched_uploads" jsonb,
	"post_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_csv_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"team_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"file_name" text NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"success_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"rate_limit_reset_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_intents" ADD COLUMN "size_declared" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_multipart_sessions" ADD CONSTRAINT "upload_multipart_sessions_intent_id_upload_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."upload_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_gbp_locations" ADD CONSTRAINT "sandbox_gbp_locations_channel_id_sandbox_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."sandbox_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_youtube_playlist_items" ADD CONSTRAINT "sandbox_youtube_playlist_items_playlist_id_sandbox_youtube_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."sandbox_youtube_playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_youtube_playlists" ADD CONSTRAINT "sandbox_youtube_playlists_profile_id_sandbox_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."sandbox_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_csv_import_rows" ADD CONSTRAINT "post_csv_import_rows_import_id_post_csv_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."post_csv_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_csv_import_rows" ADD CONSTRAINT "post_csv_import_rows_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_csv_imports" ADD CONSTRAINT "post_csv_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_csv_imports" ADD CONSTRAINT "post_csv_imports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_multipart_sessions_organization_idx" ON "upload_multipart_sessions" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gbp_locations_channel_unique" ON "sandbox_gbp_locations" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_youtube_playlist_items_external_unique" ON "sandbox_youtube_playlist_items" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "sandbox_youtube_playlist_items_playlist_idx" ON "sandbox_youtube_playlist_items" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_youtube_playlists_external_unique" ON "sandbox_youtube_playlists" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "sandbox_youtube_playlists_channel_idx" ON "sandbox_youtube_playlists" USING btree ("profile_id","channel_external_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_csv_import_rows_import_row_unique" ON "post_csv_import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "post_csv_import_rows_status_idx" ON "post_csv_import_rows" USING btree ("import_id","status");--> statement-breakpoint
CREATE INDEX "post_csv_imports_team_idx" ON "post_csv_imports" USING btree ("organization_id","team_id","created_at");