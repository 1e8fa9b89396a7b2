import type { Page } from 'playwright-core';
import { PasswordSuccessPanel } from './PasswordSuccessPanel';

/** /forgotpassword/{token}/{email}: the emailed reset link. */
export class ResetPasswordPage {
  readonly success: PasswordSuccessPanel;

  constructor(private readonly page: Page) {
    this.success = new PasswordSuccessPanel(page, 'reset');
  }

  readonly welcome = () => this.page.getByTestId('reset-welcome');
  readonly title = () => this.page.getByTestId('page-title');
  readonly password = () => this.page.getByTestId('reset-password');
  readonly confirm = () => this.page.getByTestId('reset-confirm');
  readonly hint = () => this.page.getByTestId('reset-password-help');
  readonly passwordError = () => this.page.getByTestId('reset-password-error');
  readonly confirmError = () => this.page.getByTestId('reset-confirm-error');
  readonly error = () => this.page.getByTestId('reset-error');
  readonly expired = () => this.page.getByTestId('reset-expired');

  async choose(password: string, confirmation = password) {
    await this.password().fill(password);
    await this.confirm().fill(confirmation);
    await this.page.getByTestId('reset-submit').click();
  }
}
