import { expect, test } from './fixtures';

test('creates a team, switches to it, renames it and deletes it', async ({ page, signedInUser: _ }) => {
  await page.goto('/settings/teams');
  const teams = page.getByRole('list', { name: 'Teams' });
  await expect(teams.getByRole('listitem')).toHaveCount(1);
  const switcher = page.getByRole('button', { name: /^Switch team/ });
  await expect(switcher).toHaveAccessibleName('Switch team (current: Main team)');

  // Create
  await page.getByRole('button', { name: 'Create team' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create team' });
  await createDialog.getByLabel('Team name').fill('Xy');
  await createDialog.getByLabel('Team name').press('Enter');
  await expect(createDialog.getByText('Use at least 3 characters')).toBeVisible();
  await createDialog.getByLabel('Team name').fill('Launch crew');
  await createDialog.getByLabel('Team name').press('Enter');
  await expect(createDialog).toBeHidden();
  await expect(teams.getByRole('listitem', { name: 'Launch crew' })).toBeVisible();

  // Switch with the team switcher; the choice lives in the URL and survives a reload
  await switcher.click();
  await page.getByRole('menuitemradio', { name: 'Launch crew' }).click();
  await expect(switcher).toHaveAccessibleName('Switch team (current: Launch crew)');
  const launchCrewId = new URL(page.url()).searchParams.get('team');
  expect(launchCrewId).toBeTruthy();
  await page.reload();
  await expect(switcher).toHaveAccessibleName('Switch team (current: Launch crew)');
  // ... and is remembered when the URL does not say
  await page.goto('/calendar');
  await expect(page).toHaveURL(new RegExp(`/calendar\\?team=${launchCrewId}$`));
  await expect(switcher).toHaveAccessibleName('Switch team (current: Launch crew)');

  // Rename
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('button', { name: 'Rename Launch crew' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename team' });
  await expect(renameDialog.getByLabel('Team name')).toHaveValue('Launch crew');
  await renameDialog.getByLabel('Team name').fill('Launch squad');
  await renameDialog.getByLabel('Team name').press('Enter');
  await expect(renameDialog).toBeHidden();
  await expect(teams.getByRole('listitem', { name: 'Launch squad' })).toBeVisible();
  await expect(switcher).toHaveAccessibleName('Switch team (current: Launch squad)');

  // Delete: the confirmation names the team; the selection moves to the team that is left
  await page.getByRole('button', { name: 'Delete Launch squad' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the team “Launch squad”?' });
  await expect(confirm).toContainText('This cannot be undone');
  await confirm.getByRole('button', { name: 'Delete team' }).click();
  await expect(confirm).toBeHidden();
  await expect(teams.getByRole('listitem')).toHaveCount(1);
  await expect(teams.getByRole('listitem', { name: 'Launch squad' })).toHaveCount(0);
  await expect(switcher).toHaveAccessibleName('Switch team (current: Main team)');

  // The API refuses to delete the last team (409); its message is shown and the team stays
  await page.getByRole('button', { name: 'Delete Main team' }).click();
  await page.getByRole('alertdialog', { name: 'Delete the team “Main team”?' }).getByRole('button', { name: 'Delete team' }).click();
  await expect(page.getByText('An organization keeps at least one team')).toBeVisible();
  await expect(teams.getByRole('listitem', { name: 'Main team' })).toBeVisible();
});
