import type { Page } from 'playwright-core';

/** The success state shared by the reset and set-password screens; `prefix` is reset or setpassword. */
export class PasswordSuccessPanel {
  constructor(
    private readonly page: Page,
    private readonly prefix: 'reset' | 'setpassword',
  ) {}

  readonly root = () => this.page.getByTestId(`${this.prefix}-success`);
  readonly title = () => this.root().getByTestId('page-title');
  readonly email = () => this.page.getByTestId(`${this.prefix}-success-email`);
  readonly password = () => this.page.getByTestId(`${this.prefix}-success-password`);
  readonly copy = () => this.root().getByTestId('copy-password');
  readonly login = () => this.page.getByTestId(`${this.prefix}-login`);
  readonly countdown = () => this.page.getByTestId(`${this.prefix}-countdown`);

  /** The N of "Automatic redirect in N sec to …". */
  async secondsLeft(): Promise<number> {
    const match = /^Automatic redirect in (\d+) sec to \S/.exec((await this.countdown().innerText()).trim());
    if (!match) throw new Error(`unexpected countdown text: ${await this.countdown().innerText()}`);
    return Number(match[1]);
  }

  async showPassword() {
    await this.root().getByRole('button', { name: 'Show password' }).click();
  }
}
