import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

// The hosted service's published Node client, unchanged, against this product: existing clients keep working.
describe('the bundlesocial client', async () => {
  const t = await createTestApp();

  it('reads the organization and manages teams', async () => {
    const org = await t.createOrg('PRO');
    const client = await t.bundlesocial(org.key);

    const organization = await client.organization.organizationGetOrganization();
    expect(organization.id).toBe(org.organizationId);

    const created = await client.team.teamCreateTeam({ requestBody: { name: 'Through the client' } });
    expect(created.name).toBe('Through the client');
    const listed = await client.team.teamGetList({ search: 'Through' });
    expect(listed.items.map((team) => team.id)).toEqual([created.id]);

    const uploads = await client.organization.organizationGetUploadsUsage();
    expect(uploads).toMatchObject({ used: 0, limit: 100_000 });
  });

  it('surfaces our error envelope as its ApiError', async () => {
    const org = await t.createOrg('PRO');
    const client = await t.bundlesocial(org.key);
    await expect(client.team.teamGetTeam({ id: 'missing' })).rejects.toMatchObject({ status: 404, body: { statusCode: 404 } });
  });
});
