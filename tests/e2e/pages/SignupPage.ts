import type { Page } from 'playwright-core';

/** The enquiry's fields by their testid suffix (signup-<suffix>): typed, or chosen by value where the field is a list. */
export type EnquiryText = Record<
  | 'company-name'
  | 'client-type'
  | 'nature-of-business'
  | 'business-vertical'
  | 'revenue-usd'
  | 'currency-code'
  | 'address-line1'
  | 'address-line2'
  | 'city'
  | 'state'
  | 'country-code'
  | 'pincode'
  | 'admin-first-name'
  | 'admin-last-name'
  | 'admin-email'
  | 'admin-phone'
  | 'admin-department'
  | 'contact-name'
  | 'contact-designation'
  | 'contact-email'
  | 'contact-phone',
  string
>;

/** /signup: the public enquiry form. */
export class SignupPage {
  constructor(private readonly page: Page) {}

  readonly field = (name: keyof EnquiryText) => this.page.getByTestId(`signup-${name}`);
  readonly errorOf = (name: keyof EnquiryText | 'product' | 'plan') => this.page.getByTestId(`signup-${name}-error`);
  readonly product = () => this.page.getByTestId('signup-product');
  readonly plan = () => this.page.getByTestId('signup-plan');
  readonly planDetails = () => this.page.getByTestId('signup-plan-details');
  readonly error = () => this.page.getByTestId('signup-error');
  readonly done = () => this.page.getByTestId('signup-done');

  /** Waits until the products are in the product select. */
  async productsLoaded() {
    await this.page.getByTestId('signup-product').locator('option', { hasText: 'Yozy Web' }).waitFor({ state: 'attached' });
  }

  async fill(text: EnquiryText) {
    for (const [name, value] of Object.entries(text) as [keyof EnquiryText, string][]) {
      const field = this.field(name);
      if ((await field.evaluate((element) => element.tagName)) === 'SELECT') {
        // A list that loads with the form (countries, currencies): wait for the choice to be there.
        await field.locator(`option[value="${value}"]`).waitFor({ state: 'attached' });
        await field.selectOption(value);
      } else {
        await field.fill(value);
      }
    }
  }

  async choose(product: string, plan: string) {
    await this.product().selectOption({ label: product });
    const option = this.plan().locator('option', { hasText: plan });
    await this.plan().selectOption({ label: (await option.innerText()).trim() });
  }

  async values(): Promise<Record<string, string>> {
    return this.page
      .getByTestId('signup-form')
      .evaluate((form) =>
        Object.fromEntries(
          Array.from((form as HTMLFormElement).querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')).map((el) => [
            el.name,
            el.value,
          ]),
        ),
      );
  }

  submit = () => this.page.getByTestId('signup-submit').click();
  clear = () => this.page.getByTestId('signup-clear').click();
}
