import type { Page } from 'playwright-core';

/** The signed-in layout: top bar, sidebar, footer. */
export class Shell {
  constructor(private readonly page: Page) {}

  readonly title = () => this.page.getByTestId('page-title');
  readonly profileMenu = () => this.page.getByTestId('profile-menu');
  /** The signed-in person's name on the profile menu, and their organisation beneath it. */
  readonly profileName = () => this.page.getByTestId('profile-name');
  readonly profileOrganization = () => this.page.getByTestId('profile-organization');
  readonly footer = () => this.page.getByTestId('app-footer');

  async menuNames(): Promise<string[]> {
    const entries = this.page.getByTestId('sidebar').getByTestId('menu-entry');
    await entries.first().waitFor();
    return (await entries.allInnerTexts()).map((text) => text.trim());
  }

  /**
   * Signs out through the profile menu and waits for the sign-in page. A menu opened while the
   * screen below is still rendering can lose the click on its item (the menu closes, nothing was
   * chosen); a person would choose again, and so does this, once, saying so in the log.
   */
  async signOut() {
    const item = this.page.getByTestId('sign-out');
    const atLogin = () => new URL(this.page.url()).pathname === '/login';
    for (let attempt = 1; ; attempt++) {
      // A screen still loading below re-renders the frame and can swallow the menu's click: wait for it.
      await this.page
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => undefined);
      await this.profileMenu().click();
      await item.click();
      const arrived = await this.page
        .waitForURL((url) => url.pathname === '/login', { timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      if (arrived || atLogin()) return;
      if (attempt === 2) {
        const toasts = await this.page.locator('[data-scope="toast"]').allInnerTexts();
        throw new Error(`signing out twice did not reach /login; the page is at ${this.page.url()}; toasts: ${JSON.stringify(toasts)}`);
      }
      console.warn(`sign-out: still at ${this.page.url()} after choosing Sign out; choosing it again`);
      if (await item.isVisible()) await this.page.keyboard.press('Escape');
    }
  }
}
