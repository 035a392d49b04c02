import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOST_LIMITS, hostFitness, judge, pageFaultMicros } from './check-lighthouse';

/** A Lighthouse result with these scores (0-100) and metrics. */
function lhr({ perf = 95, a11y = 100, lcpMs = 2000, tbtMs = 100, cls = 0 } = {}) {
  return {
    categories: {
      performance: { score: perf / 100 },
      accessibility: { score: a11y / 100, auditRefs: [{ id: 'color-contrast', weight: 7 }] },
      'best-practices': { score: 1 },
      seo: { score: 1 },
    },
    audits: {
      'largest-contentful-paint': { numericValue: lcpMs },
      'total-blocking-time': { numericValue: tbtMs },
      'cumulative-layout-shift': { numericValue: cls },
      'color-contrast': { score: a11y === 100 ? 1 : 0 },
    },
  };
}

test('a host with ordinary page faults and benchmark index is fit to judge speed', () => {
  assert.equal(hostFitness(0.4, 1600).unfit, null);
  assert.equal(hostFitness(HOST_LIMITS.maxPageFaultUs, HOST_LIMITS.minBenchmarkIndex).unfit, null);
});

test('dear page faults or a slow benchmark make a host unfit, and say why', () => {
  assert.match(hostFitness(22.7, 1400).unfit ?? '', /page fault costs 22\.7 µs/);
  assert.match(hostFitness(0.4, 700).unfit ?? '', /benchmark index is 700/);
});

test('speed is judged by default: a slow page fails on TBT and performance', () => {
  const result = judge('home /', lhr({ perf: 80, tbtMs: 600 }));
  assert.deepEqual(result.failures, ['performance 80 < 90', 'TBT 600 ms > 200 ms']);
});

test('on an unfit host the simulated timings (performance, LCP, TBT) are not judged, every other threshold still is', () => {
  assert.deepEqual(judge('home /', lhr({ perf: 80, tbtMs: 600, lcpMs: 3000 }), { judgeSpeed: false }).failures, []);
  const failures = judge('home /', lhr({ perf: 80, tbtMs: 600, a11y: 93, lcpMs: 3000, cls: 0.2 }), { judgeSpeed: false }).failures;
  assert.deepEqual(failures, ['accessibility 93 < 100 (color-contrast)', 'CLS 0.200 > 0.05']);
});

test('on a fit host a slow LCP fails', () => {
  assert.deepEqual(judge('home /', lhr({ lcpMs: 3000 })).failures, ['LCP 3000 ms > 2500 ms']);
});

test('the page-fault probe measures a positive cost per page', () => {
  const us = pageFaultMicros();
  assert.ok(us > 0 && Number.isFinite(us), `got ${us}`);
});
