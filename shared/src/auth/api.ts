import { apiRequest } from '../api/client';
import { loginAnswerSchema, meAnswerSchema } from '../api/schemas/customer';

export const authApi = {
  login: (username: string, password: string) =>
    apiRequest('/login', { body: { username, password }, schema: loginAnswerSchema }),
  me: (customerToken: string) => apiRequest('/me', { body: { customerToken }, schema: meAnswerSchema }),
  logout: (customerToken: string) => apiRequest('/logout', { body: { customerToken } }),
};
