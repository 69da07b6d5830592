import type { organizations } from '../db/schema/organizations';

export type OrganizationRow = typeof organizations.$inferSelect;

/** The organization's own fields, as `GET /organization` and every team's `organization` show them. */
export function toOrganizationDto(organization: OrganizationRow) {
  return {
    id: organization.id,
    name: organization.name,
    createdById: organization.createdById,
    avatarUrl: null,
    plan: organization.plan,
    dmsEnabled: organization.dmsEnabled,
    automationsEnabled: organization.automationsEnabled,
    commentImportEnabled: organization.commentImportEnabled,
    apiAccess: true,
    analyticsDisabled: organization.analyticsDisabled,
    analyticsPostsDisabled: organization.analyticsPostsDisabled,
    analyticsInterval: organization.analyticsInterval,
    analyticsPostsInterval: organization.analyticsPostsInterval,
    uploadsCompressionEnabled: false,
    showVerboseErrors: true,
    disconnectCheckEnabled: true,
    deleteAccountAfter: 48,
    createdAt: organization.createdAt.toISOString(),
    updatedAt: organization.updatedAt.toISOString(),
    deletedAt: null,
  };
}
