import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { ACCOUNT_MESSAGES } from '@shop/shared/schemas';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http-errors';
import { databaseRateLimitStore } from './rate-limit-store';

/**
 * Rate limits of the accounts calls (login, register, forgot password, captcha...). Counted in
 * memory, in Redis when REDIS_URL is set so every instance shares them, or in the database
 * (auth/rate-limit-store.ts) when several worker processes share it without Redis
 * (config.rateLimitStore). The client's address is
 * `request.ip`: the socket address, or X-Forwarded-For only when TRUST_PROXY says the proxy is
 * trusted, so a spoofed header does not open a fresh bucket.
 */
export interface LimitRule {
  /** Distinguishes the counters of different rules in one store. */
  name: string;
  max: number;
  windowMs: number;
}

export type LimitCheck = (request: FastifyRequest, key: string, options?: { increment?: boolean }) => Promise<void>;

export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ACCOUNT_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  }
}

/** The default rules. Per-account counters count failures only (see the customer routes). */
export const LIMITS = {
  loginPerIp: { name: 'login-ip', max: 30, windowMs: 15 * 60_000 },
  /**
   * Wrong passwords for one account from one client address. Keyed by the pair, so guessing from
   * one place never locks the owner out from another (no lockout switch for attackers).
   */
  loginFailuresPerAccountAndIp: { name: 'login-account-ip', max: 5, windowMs: 15 * 60_000 },
  /**
   * Wrong passwords for one account from anywhere: past this, every login of that account is
   * answered slowly (LOGIN_SLOWDOWN_MS) rather than refused, which blunts a guessing botnet without
   * refusing the owner's right password.
   */
  loginFailuresPerAccount: { name: 'login-account', max: 10, windowMs: 15 * 60_000 },
  /**
   * Strict: registration says whether an email already has an account (see the README), so
   * asking it is limited to a few a client address can make in an hour.
   */
  registerPerIp: { name: 'register-ip', max: 5, windowMs: 60 * 60_000 },
  forgotPerIp: { name: 'forgot-ip', max: 5, windowMs: 15 * 60_000 },
  /** Over this, forgot-password answers the same but sends nothing (no mail bombing, no oracle). */
  forgotPerEmail: { name: 'forgot-email', max: 3, windowMs: 60 * 60_000 },
  /** New captcha pictures: a person needs a few; a script farming pictures to train a reader, many. */
  captchaIssuePerIp: { name: 'captcha-issue-ip', max: 10, windowMs: 10 * 60_000 },
  captchaVerifyPerIp: { name: 'captcha-verify-ip', max: 30, windowMs: 10 * 60_000 },
  resetPerIp: { name: 'reset-ip', max: 20, windowMs: 15 * 60_000 },
  newsletterPerIp: { name: 'newsletter-ip', max: 10, windowMs: 60 * 60_000 },
  passwordCheckFailuresPerCustomer: { name: 'password-check', max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;

export interface Limiter {
  /** Counts one hit for `key` under `rule`; throws 429 (TooManyRequests) past the maximum. */
  hit: (rule: LimitRule, request: FastifyRequest, key: string) => Promise<void>;
  /** Throws 429 if `key` is already over the maximum, without counting. */
  check: (rule: LimitRule, request: FastifyRequest, key: string) => Promise<void>;
  /** Counts one hit and answers whether it is still within the maximum (never throws 429). */
  within: (rule: LimitRule, request: FastifyRequest, key: string) => Promise<boolean>;
  /** Whether `key` is already over the maximum, without counting (never throws 429). */
  isOver: (rule: LimitRule, request: FastifyRequest, key: string) => Promise<boolean>;
  /** Redis, where configured: throws when it does not answer (readiness). Nothing to ask otherwise. */
  ping: () => Promise<void>;
}

/** How long a login waits before answering while its account is under a guessing attack. */
export const LOGIN_SLOWDOWN_MS = 2000;

/**
 * The app's one limiter, built by the composition root (services.ts): registers @fastify/rate-limit
 * once in the calling (root) scope, over one store (one Redis client with REDIS_URL, the database,
 * or memory), with no global limit, and answers a limiter for manual checks that every route plugin
 * shares. Closes the Redis connection with the app.
 */
export async function createLimiter(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Pick<Config, 'redisUrl' | 'rateLimitStore'> },
): Promise<Limiter> {
  let redis: Redis | undefined;
  const store =
    !config.redisUrl && config.rateLimitStore === 'database'
      ? databaseRateLimitStore(db, { onSweepError: (err) => app.log.warn({ err }, 'rate-limit sweep failed') })
      : undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'shop-rl-' } : {}),
    ...(store ? { store } : {}),
    // Redis (or the database) down: do not lock every shopper out; the per-process fallback is the scrypt cost.
    skipOnError: true,
    cache: 50_000,
  });

  const checks = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const checkFor = (rule: LimitRule) => {
    let check = checks.get(rule.name);
    if (!check) {
      check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (request: FastifyRequest) => (request as FastifyRequest & { rateKey: string }).rateKey,
      });
      checks.set(rule.name, check);
    }
    return check;
  };

  const run = async (rule: LimitRule, request: FastifyRequest, key: string, increment: boolean) => {
    (request as FastifyRequest & { rateKey: string }).rateKey = `${rule.name}:${key}`;
    const result = await checkFor(rule)(request, { increment });
    if (result.isAllowed) return { over: false, ttl: 0 };
    const over = increment ? result.isExceeded : result.remaining <= 0 && result.ttl > 0;
    return { over, ttl: result.ttl };
  };

  return {
    async hit(rule, request, key) {
      const { over, ttl } = await run(rule, request, key, true);
      if (over) throw new TooManyRequests(Math.ceil(ttl / 1000));
    },
    async check(rule, request, key) {
      const { over, ttl } = await run(rule, request, key, false);
      if (over) throw new TooManyRequests(Math.ceil(ttl / 1000));
    },
    async within(rule, request, key) {
      return !(await run(rule, request, key, true)).over;
    },
    async isOver(rule, request, key) {
      return (await run(rule, request, key, false)).over;
    },
    async ping() {
      if (redis) await redis.ping();
    },
  };
}

/** The client's address as Fastify resolved it (X-Forwarded-For only behind a trusted proxy). */
export const clientIp = (request: FastifyRequest) => request.ip;
