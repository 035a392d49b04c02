import type { FastifyReply } from 'fastify';
import { HttpError } from '../http-errors';

/**
 * Runs a handler, answering 503 with its message when the payment provider cannot be reached (the
 * app's error handler turns 5xx into a bare 500; a 503 here is expected and worth explaining).
 */
export async function withProviderOutage<T>(reply: FastifyReply, handler: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) {
      reply.header('retry-after', '5');
      return reply.code(503).send({ error: 'Service Unavailable', message: error.message });
    }
    throw error;
  }
}
