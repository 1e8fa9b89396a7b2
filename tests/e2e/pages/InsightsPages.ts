import type { Page } from 'playwright-core';

/** /dashboard: one card per number, each a link to its screen, and the sign-in chart. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  readonly card = (name: string) => this.page.getByTestId(`dashboard-${name}`);
  readonly value = (name: string) => this.page.getByTestId(`dashboard-${name}-value`);
  readonly seats = () => this.page.getByTestId('dashboard-seat');
  readonly chart = (title: string) => this.page.getByRole('region', { name: title, exact: true });

  async ready() {
    await this.value('active-users').waitFor();
  }
}

/** /Statistics: the days shown and one panel per chart. */
export class StatisticsPage {
  constructor(private readonly page: Page) {}

  readonly from = () => this.page.getByTestId('statistics-from');
  readonly to = () => this.page.getByTestId('statistics-to');
  readonly panel = (title: string) => this.page.getByRole('region', { name: title, exact: true });
  /** The chart, named by its title and what it shows in words. */
  readonly chartImage = (title: string) => this.panel(title).getByRole('img', { name: new RegExp(`^${title}\\. `) });
  readonly tableRows = (title: string) => this.panel(title).locator('tbody tr');

  async ready() {
    await this.chartImage('Sign-ins per day').waitFor();
  }

  /** Types the days (YYYY-MM-DD) as a person does, DD-MM-YYYY. */
  async showDays(from: string, to: string) {
    const typed = (day: string) => day.split('-').reverse().join('-');
    await this.from().fill(typed(from));
    await this.to().fill(typed(to));
    await this.page.getByTestId('statistics-apply').click();
  }

  async showTable(title: string) {
    await this.panel(title).getByRole('button', { name: 'Show table' }).click();
  }

  /** Downloads a chart's CSV and gives its name and text. */
  async downloadCsv(title: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.panel(title)
        .getByRole('button', { name: `Download ${title} as CSV` })
        .click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}
