import type { Page } from 'playwright-core';

/** /EnquireDetails: the provider's enquiry lists and the enquiry dialog. */
export class EnquiriesPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByTestId('enquiry-table');
  readonly search = () => this.page.getByRole('searchbox', { name: 'Search enquiries' });
  readonly rowLink = (company: string) => this.table().getByTestId('enquiry-open').filter({ hasText: company });
  readonly dialog = () => this.page.getByTestId('enquiry-dialog');
  readonly detail = (testId: string) => this.dialog().getByTestId(testId);
  readonly rejectedTab = () => this.page.getByTestId('enquiries-rejected-tab');
  readonly reason = () => this.page.getByTestId('reject-reason');

  /** Searches for `company` and waits for the list narrowed by it: a row of the list before the search may be replaced under a click. */
  async find(company: string) {
    await this.search().fill(company);
    await this.page.waitForURL((url) => url.searchParams.get('q') === company);
    await this.table().locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    await this.rowLink(company).waitFor();
  }

  async open(company: string) {
    await this.find(company);
    await this.rowLink(company).click();
    await this.dialog().waitFor();
  }

  async approve() {
    await this.dialog().getByTestId('enquiry-approve').click();
    await this.page.getByTestId('approve-confirm').getByRole('button', { name: 'Approve and invite' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
