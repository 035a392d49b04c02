import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The suite's `test`: every test is a shopper of its own. The shop limits logins, registrations,
 * captchas, baskets and payments per client address, so the whole suite coming from 127.0.0.1
 * would be one very busy client. The e2e shop's page server trusts the runner as the load balancer
 * in front of it (TRUST_PROXY in playwright.config.ts), and each test reports its own address in
 * X-Forwarded-For (from 198.18.0.0/15, the benchmarking range), for the browser and for `request`.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = createHash('sha256').update(`${testInfo.testId}#${testInfo.retry}`).digest();
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `198.${18 + (a & 1)}.${b}.${c}` });
  },
});
