import type { Locator, Page } from 'playwright-core';
import { PasswordSuccessPanel } from './PasswordSuccessPanel';

/** /setpassword/{email}/{firstname}/{lastname}?token=…: an invited user's first password. */
export class SetPasswordPage {
  readonly success: PasswordSuccessPanel;

  constructor(private readonly page: Page) {
    this.success = new PasswordSuccessPanel(page, 'setpassword');
  }

  readonly welcome = () => this.page.getByTestId('setpassword-welcome');
  readonly title = () => this.page.getByTestId('page-title');
  readonly firstName = () => this.page.getByTestId('setpassword-first-name');
  readonly lastName = () => this.page.getByTestId('setpassword-last-name');
  readonly password = () => this.page.getByTestId('setpassword-password');
  readonly confirm = () => this.page.getByTestId('setpassword-confirm');
  readonly note = () => this.page.getByTestId('setpassword-note');
  readonly validity = () => this.page.getByTestId('setpassword-validity');
  readonly copy = () => this.welcome().getByTestId('copy-password');
  readonly submitButton = () => this.page.getByTestId('setpassword-submit');
  readonly expired = () => this.page.getByTestId('setpassword-expired');
  readonly errorOf = (field: 'first-name' | 'last-name' | 'password' | 'confirm') => this.page.getByTestId(`setpassword-${field}-error`);

  async fill(values: { firstName: string; lastName: string; password: string; confirmPassword: string }) {
    await this.firstName().fill(values.firstName);
    await this.lastName().fill(values.lastName);
    await this.password().fill(values.password);
    await this.confirm().fill(values.confirmPassword);
  }

  /** Whether a field is marked invalid, and what describes it to a screen reader (its aria-describedby texts). */
  async accessibilityOf(field: Locator): Promise<{ invalid: string | null; description: string }> {
    return field.evaluate((el) => ({
      invalid: el.getAttribute('aria-invalid'),
      description: (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' | '),
    }));
  }

  async submit() {
    await this.submitButton().click();
  }
}
