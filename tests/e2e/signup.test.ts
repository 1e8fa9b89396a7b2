import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { useSharedStack } from '../support/useStack';
import { SignupPage, type EnquiryText } from './pages/SignupPage';

const DUPLICATE = 'An enquiry for this email is already waiting for approval';

const ENQUIRY: EnquiryText = {
  'company-name': 'Oscorp Labs',
  'client-type': 'Enterprise',
  'nature-of-business': 'Research',
  'business-vertical': 'Health',
  'revenue-usd': '2,500,000',
  'currency-code': 'USD',
  'address-line1': '1 Science Way',
  'address-line2': 'Floor 42',
  city: 'New York',
  state: 'New York',
  'country-code': 'US',
  pincode: '10001',
  'admin-first-name': 'Norman',
  'admin-last-name': 'Osborn',
  'admin-email': 'norman@oscorp.example',
  'admin-phone': '+1 555 0100',
  'admin-department': 'IT',
  'contact-name': 'Harry Osborn',
  'contact-designation': 'CTO',
  'contact-email': 'harry@oscorp.example',
  'contact-phone': '+1 555 0101',
};

describe('signing up in the browser', () => {
  const stack = useSharedStack();
  const browser = useBrowser();

  async function open() {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/signup');
    const signup = new SignupPage(page);
    await signup.productsLoaded();
    return { page, signup };
  }

  it('sends a complete enquiry, which waits for approval, and refuses a second one for the same admin email', async () => {
    const { page, signup } = await open();

    await signup.submit();
    for (const [field, message] of [
      ['company-name', 'Enter the company name'],
      ['admin-email', "Enter the administrator's email address"],
      ['contact-name', 'Enter the contact name'],
      ['product', 'Choose a product'],
      ['plan', 'Choose a plan'],
    ] as const) {
      expect(await signup.errorOf(field).innerText()).toBe(message);
    }
    expect(await signup.field('company-name').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, `signup-errors.png`, { fullPage: true });

    await signup.fill(ENQUIRY);
    await signup.choose('Yozy Web', 'Web Business');
    const details = await signup.planDetails().innerText();
    for (const part of ['49', 'usd', 'monthly', '50']) expect(details.toLowerCase()).toContain(part);
    expect(await signup.plan().locator('option:checked').innerText()).toBe('Web Business — 49.00 USD monthly, 50 seats');
    await screenshot(page, `signup-form.png`, { fullPage: true });

    await signup.submit();
    await signup.done().waitFor();
    expect(await signup.done().innerText()).toBe(
      "Thank you. Your enquiry for Oscorp Labs is waiting for the provider's approval; we will write to norman@oscorp.example.",
    );
    await screenshot(page, `signup-done.png`);

    const rows = await stack.db.query<Record<string, unknown>>(
      `SELECT e.company_name, e.is_approved, e.currency_code, e.revenue_usd::float AS revenue_usd, e.city, e.contact_email, p.plan_name
         FROM enquiries e JOIN plans p ON p.plan_id = e.plan_id
        WHERE lower(e.admin_email) = lower($1)`,
      ['norman@oscorp.example'],
    );
    expect(rows).toEqual([
      {
        company_name: 'Oscorp Labs',
        is_approved: null,
        currency_code: 'USD',
        revenue_usd: 2_500_000,
        city: 'New York',
        contact_email: 'harry@oscorp.example',
        plan_name: 'Web Business',
      },
    ]);

    const again = await open();
    await again.signup.fill({ ...ENQUIRY, 'company-name': 'Oscorp Industries' });
    await again.signup.choose('Yozy Lite', 'Lite Team');
    const typed = await again.signup.values();
    await again.signup.submit();
    await again.signup.errorOf('admin-email').waitFor();
    expect(await again.signup.errorOf('admin-email').innerText()).toBe(DUPLICATE);
    expect(await again.signup.values()).toEqual(typed);
    expect(await again.signup.field('admin-email').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(again.page, `signup-duplicate.png`);

    await again.signup.clear();
    expect(Object.values(await again.signup.values()).every((value) => value === '')).toBe(true);
    await Promise.all([page.context().close(), again.page.context().close()]);
  });
});
