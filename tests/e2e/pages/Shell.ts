import type { Page } from 'playwright-core';

/** The signed-in layout: top bar, sidebar, footer. */
export class Shell {
  constructor(private readonly page: Page) {}

  readonly title = () => this.page.getByTestId('page-title');
  readonly profileMenu = () => this.page.getByTestId('profile-menu');
  readonly footer = () => this.page.getByTestId('app-footer');

  async menuNames(): Promise<string[]> {
    const entries = this.page.getByTestId('sidebar').getByTestId('menu-entry');
    await entries.first().waitFor();
    return (await entries.allInnerTexts()).map((text) => text.trim());
  }

  async signOut() {
    await this.profileMenu().click();
    await this.page.getByTestId('sign-out').click();
  }
}
