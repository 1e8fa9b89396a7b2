import type { Page } from 'playwright-core';

/** The groups screen: the table, the group editor and the members dialog. */
export class GroupsPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Groups' });
  readonly row = (name: string) =>
    this.table()
      .getByRole('row')
      .filter({ has: this.page.getByTestId('group-name').getByText(name, { exact: true }) });
  readonly editor = () => this.page.getByTestId('group-editor');
  readonly members = () => this.page.getByTestId('group-members');
  readonly memberList = () => this.page.getByTestId('group-member-list');

  async createGroup(name: string, description: string) {
    await this.page.getByTestId('group-new').first().click();
    await this.page.getByTestId('group-name-input').fill(name);
    await this.page.getByTestId('group-description-input').fill(description);
    // Enter in the name field submits, as in any form.
    await this.page.getByTestId('group-name-input').press('Enter');
  }

  async addMember(search: string, name: string) {
    await this.page.getByTestId('group-picker-search').fill(search);
    await this.page.getByTestId('group-picker').getByText(name).waitFor();
    await this.page.getByTestId('group-picker').getByText(name).click();
    await this.page.getByTestId('group-add-members').click();
  }
}
