/**
 * The accessibility check specs run on each state they reach: axe-core in the page, failing on any
 * violation of any impact, so that a regression names the rule and the element.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settle } from './settle';

/**
 * Zero axe violations under the WCAG 2.0/2.1/2.2 A and AA tags, plus `label-content-name-mismatch`. Judged
 * in Chromium, where every spec and every picture's state passes it: in Firefox ESR a pass over one state
 * costs seconds (60% of the batch journey's time) and found the same nothing when tried there
 * (docs/decisions/033-firefox-esr-journeys.md).
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  if (page.context().browser()?.browserType().name() === 'firefox') return;
  // Colours are measured once they are the page's, not half-way through a transition.
  await settle(page);
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (a name that contains the visible text) is an experimental axe rule, off under the
    // tags; enabled here, in the same pass. (options() replaces what withTags() set: it comes first.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations in state "${label}"`).toEqual([]);
}
