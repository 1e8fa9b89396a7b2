import type { Page } from 'playwright-core';

/** /forgotpassword: asks for a reset link. */
export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  readonly email = () => this.page.getByTestId('reset-request-email');
  readonly emailError = () => this.page.getByTestId('reset-request-email-error');
  readonly error = () => this.page.getByTestId('reset-request-error');
  readonly done = () => this.page.getByTestId('reset-request-done');

  async request(email: string) {
    await this.email().fill(email);
    await this.page.getByTestId('reset-request-submit').click();
  }
}
