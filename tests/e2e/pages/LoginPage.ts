import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly email = () => this.page.getByTestId('login-email');
  readonly password = () => this.page.getByTestId('login-password');
  readonly error = () => this.page.getByTestId('login-error');
  readonly keepSignedIn = () => this.page.getByTestId('login-keep-signed-in');

  async signIn(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByTestId('login-submit').click();
  }
}
