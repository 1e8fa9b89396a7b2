import type { Page } from 'playwright-core';

/** The projects tab and a project's page: the tables, the project editor and the allocation form. */
export class ProjectsPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Projects' });
  readonly row = (shortCode: string) =>
    this.table()
      .getByRole('row')
      .filter({ has: this.page.getByTestId('project-link').getByText(shortCode, { exact: true }) });
  readonly allocations = () => this.page.getByTestId('allocation-table');
  readonly allocationRow = (name: string) =>
    this.allocations()
      .getByRole('row')
      .filter({ has: this.page.getByTestId('allocation-person').getByText(name, { exact: true }) });

  async createProject(shortCode: string, name: string) {
    await this.page.getByTestId('project-new').first().click();
    await this.page.getByTestId('project-code-input').fill(shortCode);
    await this.page.getByTestId('project-name-input').fill(name);
    await this.page.getByTestId('project-editor-save').click();
  }

  /** Fills the allocation form for a person found by a search; saving is left to the test. */
  async fillAllocation(search: string, userId: string, percentage: string, role: string) {
    await this.page.getByTestId('allocation-new').first().click();
    await this.page.getByTestId('allocation-person-search').fill(search);
    await this.page.getByTestId('allocation-person-input').locator(`option[value="${userId}"]`).waitFor({ state: 'attached' });
    await this.page.getByTestId('allocation-person-input').selectOption(userId);
    await this.page.getByTestId('allocation-percentage-input').fill(percentage);
    await this.page.getByTestId('allocation-role-input').fill(role);
  }
}
