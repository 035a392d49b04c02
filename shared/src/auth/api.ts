import { apiRequest } from '../api/client';

// Parsed answers: the schemas (and zod) load with the first call, not with every page.
const schemas = () => import('../api/schemas/customer');

export const authApi = {
  login: async (username: string, password: string) =>
    apiRequest('/login', { body: { username, password }, schema: (await schemas()).loginAnswerSchema }),
  me: async (customerToken: string) => apiRequest('/me', { body: { customerToken }, schema: (await schemas()).meAnswerSchema }),
  logout: (customerToken: string) => apiRequest('/logout', { body: { customerToken } }),
};
