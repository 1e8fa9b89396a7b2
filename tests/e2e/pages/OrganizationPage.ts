import type { Page } from 'playwright-core';

/** One organisation's page: its name, the tab strip of its sections, the open section. */
export class OrganizationPage {
  constructor(private readonly page: Page) {}

  readonly title = () => this.page.getByTestId('page-title');
  readonly tabList = () => this.page.getByRole('tablist', { name: 'Organization sections' });
  readonly tab = (name: string) => this.tabList().getByRole('tab', { name });
  readonly selectedTab = () => this.tabList().getByRole('tab', { selected: true });
  readonly scrollButton = (side: 'start' | 'end') => this.page.getByTestId(`tabs-scroll-${side}`);

  /** The name of the tab that has the keyboard focus, if one has. */
  readonly focusedTabName = () =>
    this.page.evaluate(() => (document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent : null));

  /** Whether a tab lies wholly inside the visible part of the strip. */
  async tabInView(name: string): Promise<boolean> {
    const [strip, tab] = await Promise.all([this.tabList().boundingBox(), this.tab(name).boundingBox()]);
    if (!strip || !tab) return false;
    return tab.x >= strip.x - 1 && tab.x + tab.width <= strip.x + strip.width + 1;
  }
}
