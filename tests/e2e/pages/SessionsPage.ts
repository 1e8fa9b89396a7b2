import type { Locator, Page } from 'playwright-core';

/** The sign-in sessions screen (/OrgUserSessions.js, and the organisation tab that reuses it). */
export class SessionsPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Sign-in sessions' });
  readonly rows = () => this.table().locator('tbody tr');
  readonly search = () => this.page.getByTestId('table-search');
  readonly status = () => this.page.getByTestId('session-status-filter');
  readonly dialog = () => this.page.getByTestId('end-sessions-dialog');

  /** The rows once the table has answered (no skeleton left). */
  async loaded(): Promise<Locator> {
    await this.table().waitFor();
    await this.page.getByTestId('table-loading').waitFor({ state: 'detached' });
    return this.rows();
  }

  rowOf(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }

  async endSessionOf(text: string) {
    await this.rowOf(text).first().getByTestId('session-actions').click();
    await this.page.getByTestId('end-session').click();
    await this.dialog().waitFor();
    await this.page.getByTestId('end-sessions-dialog-confirm').click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
